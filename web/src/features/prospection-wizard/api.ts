// What the wizard reads (reference lists, a shop's known contact) and the one call that saves the visit.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProspectionSubmission } from '@prospectie/contract';
import { IDEMPOTENCY_HEADER } from '@prospectie/contract/headers';
import { contactInfoOfShop, submitVisit } from '@prospectie/contract/endpoints/addresses';
import { call } from '../../api/call';
import { ApiError, retryWhileInProgress } from '../../api/client';
import { wizardReference } from '../../api/reference';
import { shopKeys } from '../../api/shops';
import { todosKey } from '../../api/todos';
import type { ContactFields } from './form';
import { contactInfoCode } from './rules';

/**
 * The lists an administrator changes (brands, competitor brands, people) are asked again each time a wizard opens
 * online, so it shows what changed since; offline, or while that answer is on its way, the kept lists serve (decision 029).
 */
const askAgainOnOpen = { refetchOnMount: 'always' } as const;

/** Every list the wizard's selects need; employees come sorted by name from the server. */
export function useWizardReference() {
  const queries = {
    brands: useQuery({ ...wizardReference.brands, ...askAgainOnOpen }),
    competitorBrands: useQuery({ ...wizardReference.competitorBrands, ...askAgainOnOpen }),
    contactTypes: useQuery(wizardReference.contactTypes),
    visitTypes: useQuery(wizardReference.visitTypes),
    employees: useQuery({ ...wizardReference.employees, ...askAgainOnOpen }),
  };
  const all = Object.values(queries);
  return {
    ...queries,
    isPending: all.some((q) => q.isPending),
    // A failed refresh of a list that is already here does not stop the wizard: the kept list serves.
    error: all.find((q) => q.error && q.data === undefined)?.error,
    refetch: () => all.filter((q) => q.error).forEach((q) => q.refetch()),
  };
}

/** The shop's known contact for an owner or buyer visit; null when the shop has none on file. */
export async function fetchContactInfo(shopId: number, contactTypeId: number): Promise<ContactFields | null> {
  const code = contactInfoCode(contactTypeId);
  if (code === undefined) return null;
  try {
    const info = await call(contactInfoOfShop, { params: { shopId, code } });
    return { name: info.name ?? '', email: info.email ?? '', phone: info.phoneNumber ?? '' };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** Sends the whole visit; the same key on every retry makes the server save it once. */
export function useSubmitProspection(shopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: ProspectionSubmission; idempotencyKey: string }) =>
      call(submitVisit, { params: { id: shopId }, body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
    onSuccess: () =>
      Promise.all([
        // The shop's visits, sell-out and its statuses per brand (decision 066), and Opvolgen, all move with a visit.
        queryClient.invalidateQueries({ queryKey: shopKeys.detail(shopId) }),
        queryClient.invalidateQueries({ queryKey: ['pipeline'] }),
        // Its to-dos may be hers: the header's 'Mijn taken (n open)' and Home count them.
        queryClient.invalidateQueries({ queryKey: todosKey }),
      ]),
    ...retryWhileInProgress,
  });
}
