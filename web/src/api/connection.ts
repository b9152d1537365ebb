// Whether the server can be reached, for TanStack Query's onlineManager (docs/decisions/045-reachable-not-onLine.md).
// navigator.onLine only knows that the phone has a network: on a shop's weak wifi, behind a hotel's sign-in page,
// or in Chromium after a reload without network, it says online while no call gets through. A call that fails on
// the network makes the app ask /api/health; while that fails too, the app counts as offline (reads wait, writes
// go to the outbox) and asks again every few seconds until an answer comes back.
import { API_ROOT } from '@prospectie/contract/endpoint';
import { health } from '@prospectie/contract/endpoints/addresses';

/** How often an unreachable server is asked again. */
export const PROBE_EVERY_MS = 5_000;
/** A health check that has not answered by then counts as failed. */
const PROBE_TIMEOUT_MS = 8_000;

type SetOnline = (online: boolean) => void;

let unreachable = false;
let probing: Promise<boolean> | null = null;
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<SetOnline>();

const online = () => navigator.onLine && !unreachable;
const tell = () => listeners.forEach((setOnline) => setOnline(online()));

function markReachable(reachable: boolean) {
  if (reachable === !unreachable) return;
  unreachable = !reachable;
  clearInterval(timer);
  timer = unreachable ? setInterval(() => void probe(), PROBE_EVERY_MS) : undefined;
  tell();
}

/** Asks /api/health once (one question at a time); resolves whether the server answered. */
export function probe(): Promise<boolean> {
  probing ??= fetch(API_ROOT + health.path, { cache: 'no-store', credentials: 'omit', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) })
    .then((res) => res.ok)
    .catch(() => false)
    .then((reachable) => {
      probing = null;
      if (navigator.onLine) markReachable(reachable);
      return reachable;
    });
  return probing;
}

/** A call got no answer: with a network, find out whether the server is out of reach. */
export function callFailedOnNetwork() {
  if (navigator.onLine) void probe();
}

/** A call was answered: the server is there. */
export function callAnswered() {
  markReachable(true);
}

/**
 * For `onlineManager.setEventListener`: tells `setOnline` now and at every change, from the browser's online and
 * offline events and from what calls met. Coming back on a network, the server is asked at once.
 */
export function listenToConnection(setOnline: SetOnline) {
  listeners.add(setOnline);
  const onNetworkChange = () => {
    tell();
    if (navigator.onLine && unreachable) void probe();
  };
  setOnline(online());
  window.addEventListener('online', onNetworkChange);
  window.addEventListener('offline', onNetworkChange);
  return () => {
    listeners.delete(setOnline);
    window.removeEventListener('online', onNetworkChange);
    window.removeEventListener('offline', onNetworkChange);
  };
}
