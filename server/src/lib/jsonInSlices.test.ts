import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { jsonInSlices } from './jsonInSlices.js';

describe('a JSON answer written a slice at a time', () => {
  const rows = Array.from({ length: 1203 }, (_, i) => ({
    row: i + 2,
    name: `Winkel "${i}"`,
    changes: [{ field: 'naam', before: null, after: 'é' }],
  }));
  const report = { fileName: 'winkels.xlsx', counts: { new: 1203 }, rows };

  it('is the same JSON as the whole, for a long list, an empty one, and an object with nothing else', async () => {
    expect(await text(jsonInSlices(report, 'rows', 100))).toBe(JSON.stringify({ fileName: 'winkels.xlsx', counts: { new: 1203 }, rows }));
    expect(JSON.parse(await text(jsonInSlices({ ...report, rows: [] }, 'rows')))).toEqual({ ...report, rows: [] });
    expect(JSON.parse(await text(jsonInSlices({ rows }, 'rows', 7)))).toEqual({ rows });
  });

  it('lets other work run between its slices', async () => {
    let ranBetween = false;
    const stream = jsonInSlices(report, 'rows', 100);
    setImmediate(() => (ranBetween = true));
    const chunks: string[] = [];
    let seenBeforeEnd = false;
    for await (const chunk of stream) {
      chunks.push(String(chunk));
      if (ranBetween && chunks.length < 13) seenBeforeEnd = true;
    }
    expect(seenBeforeEnd).toBe(true);
  });
});
