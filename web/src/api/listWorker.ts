// Reads a long JSON list off the page's main thread (see `apiList` in listInWorker.ts): the fetch, the body's
// reading and its parsing happen here, and the items go to the page in slices.
/// <reference lib="webworker" />
import type { ListReply, ListRequest } from './listInWorker';

const post = (reply: ListReply) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(reply);

self.onmessage = async ({ data: { url, headers, slice } }: MessageEvent<ListRequest>) => {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'same-origin', headers });
  } catch {
    post({ kind: 'network' });
    return;
  }
  const text = await res.text().catch(() => null);
  if (text === null) {
    post({ kind: 'network' });
    return;
  }
  let items: unknown;
  try {
    items = res.ok ? JSON.parse(text) : null;
  } catch {
    items = null;
  }
  if (!Array.isArray(items)) {
    // A refusal, or no list: the page reads it as any other answer (ApiError).
    post({ kind: 'answer', status: res.status, statusText: res.statusText, text });
    return;
  }
  for (let from = 0; from < items.length; from += slice) post({ kind: 'slice', items: items.slice(from, from + slice) });
  post({ kind: 'done' });
};
