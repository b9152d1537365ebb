import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomKey } from './randomKey';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => vi.unstubAllGlobals());

describe('the idempotency key', () => {
  it('makes a new idempotency key for every visit', () => {
    const a = randomKey();
    expect(a).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(randomKey()).not.toBe(a);
  });

  it('is a UUID also on a phone reaching the app over plain http (no crypto.randomUUID), as an appointment made offline needs', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array) => real.getRandomValues(a) });
    const withoutRandomUuid = randomKey();
    vi.unstubAllGlobals();
    expect(withoutRandomUuid).toMatch(UUID);
    expect(randomKey()).toMatch(UUID);
  });
});
