// An upload kept on disk while it waits (decision 075).
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SpilledBody } from './spilledBody.js';

describe('a body kept on disk', () => {
  it('reads back the same bytes, and is gone once removed (removing again is fine)', async () => {
    const bytes = randomBytes(300 * 1024);
    const spilled = await SpilledBody.of(bytes);
    expect((await spilled.read()).equals(bytes)).toBe(true);
    await spilled.remove();
    await spilled.remove();
    await expect(spilled.read()).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
