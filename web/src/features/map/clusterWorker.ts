// The map's cluster index off the page's main thread (clusterIndex.ts): indexing 20,000 shops took a mid-tier phone
// several hundred milliseconds, a frame the map could not pan in. Answers each call in the order asked.
/// <reference lib="webworker" />
import { createClusterIndex } from './clusterIndex';
import type { ClusterCall, ClusterReply } from './clusterClient';

const index = createClusterIndex();
const post = (reply: ClusterReply) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(reply);

self.onmessage = ({ data: { id, method, args } }: MessageEvent<ClusterCall>) => {
  try {
    const result = (index[method] as (...a: unknown[]) => unknown)(...args);
    post({ id, result });
  } catch (error) {
    post({ id, error: String(error) });
  }
};
