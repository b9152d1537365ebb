// Her mail settings (docs/decisions/069-mail-and-job-queue.md) and the unsubscribe link of a mail (070), which works
// without a session: its token is its credential.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailKind, MailSettings } from '@prospectie/contract';
import { myMailSettings, setMyMailSettings, unsubscribe, unsubscribeKind } from '@prospectie/contract/endpoints/addresses';
import { call } from '../../api/call';

export const mailSettingsKey = ['mail-settings'] as const;

export function useMailSettings() {
  return useQuery({ queryKey: mailSettingsKey, queryFn: ({ signal }) => call(myMailSettings, { signal }) });
}

/**
 * Turns one kind of mail on or off at once on screen, and saves both choices as they then stand; a refusal puts the
 * switch back. One save after the other, so the last tap is what stays. Never kept for later: offline it fails at once
 * instead of waiting unseen (the page disables the switches then).
 */
export function useSetMailKind() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mailSettingsKey,
    scope: { id: 'mail-settings' },
    networkMode: 'always',
    onMutate: async ({ kind, on }: { kind: MailKind; on: boolean }) => {
      await queryClient.cancelQueries({ queryKey: mailSettingsKey });
      queryClient.setQueryData<MailSettings>(mailSettingsKey, (settings) => settings && { ...settings, [kind]: on });
    },
    mutationFn: () => {
      const { todo, digest } = queryClient.getQueryData<MailSettings>(mailSettingsKey)!;
      return call(setMyMailSettings, { body: { todo, digest } });
    },
    // A later tap already on screen and still to be saved is not undone by this answer.
    onSuccess: (saved) => {
      if (queryClient.isMutating({ mutationKey: mailSettingsKey }) <= 1) queryClient.setQueryData(mailSettingsKey, saved);
    },
    onError: (_error, { kind, on }) =>
      queryClient.setQueryData<MailSettings>(mailSettingsKey, (settings) => settings && { ...settings, [kind]: !on }),
  });
}

/** Which kind of mail the link turns off; asking changes nothing (a link scanner may open it too). */
export function useUnsubscribeKind(token: string) {
  return useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: ({ signal }) => call(unsubscribeKind, { params: { token }, signal }),
    // The token turns her mail off: it is not kept on the device after the page.
    gcTime: 0,
  });
}

export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: () => call(unsubscribe, { params: { token } }),
    // Signed in on this device: Instellingen shows the switch off.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailSettingsKey }),
  });
}
