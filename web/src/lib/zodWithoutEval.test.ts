import { describe, expect, it, vi } from 'vitest';

describe('zod without eval', () => {
  it('is configured before zod loads, and zod parses without compiling code', async () => {
    await import('./zodWithoutEval');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
    const compile = vi.spyOn(globalThis, 'Function');
    const { z } = await import('zod');
    const schema = z.object({ name: z.string(), count: z.number().int() });
    expect(schema.parse({ name: 'Zilverstraat 12', count: 3 })).toEqual({ name: 'Zilverstraat 12', count: 3 });
    expect(compile).not.toHaveBeenCalled();
    compile.mockRestore();
  });
});
