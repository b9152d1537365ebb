import { describe, expect, it, vi } from 'vitest';
import { loadable } from './lazyNow';

describe('loadable', () => {
  it('loads once, and asks again after a failed load instead of keeping the failure', async () => {
    const load = vi
      .fn<() => Promise<{ Dialog: () => null }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ Dialog: () => null });
    const code = loadable(load);
    await expect(code.start()).rejects.toThrow('Failed to fetch');
    const module = await code.start();
    expect(module.Dialog).toBeTypeOf('function');
    await code.start();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
