// A JSON answer with one long list (an import's report of 20,000 rows), written a slice of the list at a time with
// the event loop let go between slices: serialising it whole, through the route's response schema, held the loop
// for the other callers (decision 041). What is written is JSON.stringify(value) with the list as its last key.
import { Readable } from 'node:stream';

/** The rows serialised between two turns of the event loop. */
const SLICE = 500;

async function* slices(value: object, key: string, slice: number): AsyncGenerator<string> {
  const { [key]: items, ...rest } = value as Record<string, unknown>;
  if (!Array.isArray(items)) throw new Error(`${key} is no list`);
  const head = JSON.stringify(rest);
  yield `${head.slice(0, -1)}${head === '{}' ? '' : ','}${JSON.stringify(key)}:[`;
  for (let i = 0; i < items.length; i += slice) {
    if (i) await new Promise((resolve) => setImmediate(resolve));
    const part = JSON.stringify(items.slice(i, i + slice));
    yield `${i ? ',' : ''}${part.slice(1, -1)}`;
  }
  yield ']}';
}

/** `value` as a stream of JSON text, its list `key` (written last) a slice at a time. */
export const jsonInSlices = (value: object, key: string, slice = SLICE) => Readable.from(slices(value, key, slice));
