// React's view of the outbox and of the connection, for the screens that write and the shell.
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ApiError } from '../api/client';
import { outbox, queueShop, queueVisit, refusedItem } from './deviceOutbox';

const subscribeOnline = (listener: () => void) => onlineManager.subscribe(listener);

/** False while the browser reports no connection. */
export function useOnline() {
  return useSyncExternalStore(subscribeOnline, () => onlineManager.isOnline());
}

/** Everything in the outbox (waiting and refused), kept up to date. */
export function useOutboxSnapshot() {
  return useSyncExternalStore(outbox.subscribe, outbox.getSnapshot);
}

/** True when a failed send never reached the server, so it may wait in the outbox instead. */
export const isNetworkFailure = (error: unknown) => error instanceof ApiError && error.isNetwork;

/**
 * What a screen with one write needs: whether to queue instead of posting (offline), the queueing
 * itself, the item the server refused earlier (to reopen as a draft), and forgetting it.
 */
export function useOutbox() {
  const online = useOnline();
  return { offline: !online, queueVisit, queueShop, refusedItem, forget: (id: string) => outbox.remove(id) };
}
