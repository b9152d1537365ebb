// Creating, moving and removing an appointment: sent at once with a connection, kept in the outbox without one,
// so a create and a later move made offline both arrive, once and in order (docs/decisions/007-offline.md).
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Appointment } from '@prospectie/contract';
import { IDEMPOTENCY_HEADER } from '@prospectie/contract/headers';
import { appointmentKeys } from '../../api/appointments';
import { api } from '../../api/client';
import { useMe } from '../../api/session';
import { randomKey } from '../../lib/randomKey';
import { outbox } from '../../offline/deviceOutbox';
import { itemAddress, type OutboxTarget } from '../../offline/outbox';
import type { AppointmentChange } from './pendingAppointments';
import { isNetworkFailure } from '../../offline/useOutbox';

/** Sent: the server has it. Kept: it waits in the outbox for a connection. */
export type AppointmentWriteOutcome = 'sent' | 'kept';

/** The endpoint a change goes to, and what it sends. */
function request(change: AppointmentChange): { target: OutboxTarget; body: unknown } {
  if (change.op === 'create') return { target: { endpoint: 'createAppointment' }, body: change.body };
  const params = { ref: change.ref };
  return change.op === 'update'
    ? { target: { endpoint: 'updateAppointment', params }, body: change.body }
    : { target: { endpoint: 'deleteAppointment', params }, body: undefined };
}

/** Whether one of the rep's appointment changes still waits: later ones queue behind it, so their order holds. */
const appointmentsWaiting = (userId: number) =>
  outbox.getSnapshot().items.some((i) => i.kind === 'appointment' && i.userId === userId && i.state === 'waiting');

export async function sendOrKeepAppointment(change: AppointmentChange, userId: number): Promise<AppointmentWriteOutcome> {
  const idempotencyKey = randomKey();
  const { target, body } = request(change);
  const keep = async (): Promise<AppointmentWriteOutcome> => {
    await outbox.add({ id: idempotencyKey, kind: 'appointment', userId, ...target, body, draft: change });
    if (onlineManager.isOnline()) void outbox.flush(userId, { force: true });
    return 'kept';
  };
  await outbox.load();
  if (!onlineManager.isOnline() || appointmentsWaiting(userId)) return keep();
  try {
    const { method, path } = itemAddress(target);
    await api<Appointment | undefined>(path, { method, body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
    return 'sent';
  } catch (error) {
    // The server never answered: the outbox tries again with the same key, so it is saved once.
    if (isNetworkFailure(error)) return keep();
    throw error;
  }
}

/** The write for a screen: refreshes every planning read once the server has the change. */
export function useAppointmentWrite() {
  const queryClient = useQueryClient();
  const userId = useMe().data?.user.id;
  return useCallback(
    async (change: AppointmentChange) => {
      if (userId === undefined) throw new Error('not signed in');
      const outcome = await sendOrKeepAppointment(change, userId);
      if (outcome === 'sent') await queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
      return outcome;
    },
    [queryClient, userId],
  );
}
