// The page's side of the cluster index: each call answered by the worker (clusterWorker.ts), or, where there are no
// workers or the worker's script cannot load (offline before the service worker kept it), by the index on the page.
import type { ClusterIndex } from './clusterIndex';

type Method = keyof ClusterIndex;
type Args<M extends Method> = Parameters<ClusterIndex[M]>;
type Result<M extends Method> = ReturnType<ClusterIndex[M]>;

export interface ClusterCall {
  id: number;
  method: Method;
  args: unknown[];
}
export type ClusterReply = { id: number; result: unknown } | { id: number; error: string };

export interface ClusterClient {
  call<M extends Method>(method: M, ...args: Args<M>): Promise<Result<M>>;
  close(): void;
}

const onThePage = (): Promise<ClusterIndex> => import('./clusterIndex').then((m) => m.createClusterIndex());

export function openClusterIndex(): ClusterClient {
  let nextId = 0;
  const waiting = new Map<number, { call: ClusterCall; resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  /** The last load: the page's index starts from it when the worker gives up. */
  let loaded: ClusterCall | null = null;
  let local: Promise<ClusterIndex> | null = typeof Worker === 'undefined' ? onThePage() : null;
  let worker: Worker | null = null;

  const runLocally = (call: ClusterCall) => local!.then((index) => (index[call.method] as (...a: unknown[]) => unknown)(...call.args));

  if (!local) {
    worker = new Worker(new URL('./clusterWorker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = ({ data }: MessageEvent<ClusterReply>) => {
      const entry = waiting.get(data.id);
      if (!entry) return;
      waiting.delete(data.id);
      if ('error' in data) entry.reject(new Error(data.error));
      else entry.resolve(data.result);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker?.terminate();
      worker = null;
      local = onThePage();
      // The page's index knows nothing yet: the last load first, then every call still waiting, in order.
      const pending = [...waiting.values()].sort((a, b) => a.call.id - b.call.id);
      waiting.clear();
      const replay = loaded && !pending.some((p) => p.call === loaded) ? runLocally(loaded) : Promise.resolve();
      for (const entry of pending) void replay.then(() => runLocally(entry.call)).then(entry.resolve, entry.reject);
    };
  }

  return {
    call<M extends Method>(method: M, ...args: Args<M>): Promise<Result<M>> {
      const call: ClusterCall = { id: ++nextId, method, args };
      if (method === 'load') loaded = call;
      if (local) return runLocally(call) as Promise<Result<M>>;
      return new Promise((resolve, reject) => {
        waiting.set(call.id, { call, resolve: resolve as (value: unknown) => void, reject });
        worker!.postMessage(call);
      });
    },
    close() {
      worker?.terminate();
      for (const entry of waiting.values()) entry.reject(new Error('closed'));
      waiting.clear();
    },
  };
}
