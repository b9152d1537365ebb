// A long list read in a worker: for Home's 20,000 shops, reading and parsing the 1.7 MB body took about
// a second of a mid-tier phone's main thread in tasks of 400–600 ms, during which the page could not answer a tap.
import { CALL_HEADERS, answer, api, noAnswer } from './client';
import { API_ROOT } from '@prospectie/contract/endpoint';

export interface ListRequest {
  url: string;
  headers: Record<string, string>;
  slice: number;
}

export type ListReply =
  | { kind: 'slice'; items: unknown[] }
  | { kind: 'done' }
  | { kind: 'network' }
  | { kind: 'answer'; status: number; statusText: string; text: string };

/** Items per message: each is copied into the page in a task of its own (~10 ms for 2,000 shops on a mid-tier phone). */
const SLICE_ITEMS = 2000;

/**
 * GET `path` (a JSON array) as `api` does, read and parsed in a worker; where there are no workers (tests in jsdom),
 * by `api` itself. A refusal or an unreachable server rejects with the same ApiError `api` would.
 */
export function apiList<T>(path: string): Promise<T[]> {
  if (typeof Worker === 'undefined') return api<T[]>(path);
  return new Promise<T[]>((resolve, reject) => {
    const worker = new Worker(new URL('./listWorker.ts', import.meta.url), { type: 'module' });
    const items: T[] = [];
    const end = () => worker.terminate();
    worker.onmessage = ({ data }: MessageEvent<ListReply>) => {
      if (data.kind === 'slice') {
        for (const item of data.items as T[]) items.push(item);
        return;
      }
      end();
      if (data.kind === 'done') resolve(items);
      else if (data.kind === 'network') reject(noAnswer());
      else {
        try {
          resolve(answer<T[]>(path, data.status, data.statusText, data.text));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      }
    };
    // The worker's script could not load (e.g. offline before the service worker kept it): ask as usual instead.
    worker.onerror = (event) => {
      event.preventDefault();
      end();
      api<T[]>(path).then(resolve, reject);
    };
    worker.postMessage({ url: `${API_ROOT}${path}`, headers: { ...CALL_HEADERS }, slice: SLICE_ITEMS } satisfies ListRequest);
  });
}
