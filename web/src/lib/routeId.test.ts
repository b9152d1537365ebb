import { describe, expect, it } from 'vitest';
import { routeId } from './routeId';

describe('a record id in the address', () => {
  it('is a whole number above zero', () => {
    expect(routeId('12')).toBe(12);
  });

  it('is nothing for zero, fractions, signs, words or no segment', () => {
    for (const segment of ['0', '1.5', '-3', '+3', '12a', 'abc', '', undefined]) expect(routeId(segment), String(segment)).toBeUndefined();
  });
});
