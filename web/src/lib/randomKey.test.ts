import { describe, expect, it } from 'vitest';
import { randomKey } from './randomKey';

describe('the idempotency key', () => {
  it('makes a new idempotency key for every visit', () => {
    const a = randomKey();
    expect(a).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(randomKey()).not.toBe(a);
  });
});
