// How the screens' reads treat failures: what is asked again, what counts as "not there", and a read
// that waits for a connection. The offline outbox keeps its own rules (offline/outbox.ts).
import { ApiError } from './client';

/** Times a failed read is asked again before the screen shows the failure. */
const READ_RETRIES = 1;

/**
 * A read is asked again once after a server failure or a lost connection, never after an answer that
 * will not change by asking again: a missing record (404), no access (403), a bad request (4xx).
 * A shop or visit that does not exist then says so at once, instead of after a second of spinning.
 */
export function retryRead(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) return false;
  return failureCount < READ_RETRIES;
}

/** The server answered that the record does not exist, or is not hers to see. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 403);
}

/**
 * For `retryOnMount`: false once the server said the record does not exist. A page that opens after its
 * prefetch met a 404 (the router asks before the page renders) then shows the answer instead of asking again.
 * Read when the page subscribes, not when it renders: the 404 may arrive in between (a lazy screen's code).
 */
export const retryOnMountUnlessNotFound = (query: { state: { error: unknown } }): boolean => !isNotFound(query.state.error);

/**
 * A read that has nothing to show and waits for a connection: offline, and not kept on this device.
 * TanStack Query pauses such a query (`fetchStatus: 'paused'`) until the device is online again.
 */
export function waitsForConnection(query: { isPending: boolean; fetchStatus: string }): boolean {
  return query.isPending && query.fetchStatus === 'paused';
}
