import { describe, expect, it } from 'vitest';
import { decodeSegment, isReadablePath, routeId } from './routeId';

describe('a record id in the address', () => {
  it('is a whole number above zero', () => {
    expect(routeId('12')).toBe(12);
  });

  it('is nothing for zero, fractions, signs, words or no segment', () => {
    for (const segment of ['0', '1.5', '-3', '+3', '12a', 'abc', '', undefined]) expect(routeId(segment), String(segment)).toBeUndefined();
  });
});

describe('an address with a malformed escape', () => {
  it('cannot be read, and says so instead of throwing', () => {
    expect(decodeSegment('%E0%A4%A')).toBeUndefined();
    expect(isReadablePath('/shop/%E0%A4%A')).toBe(false);
  });
  it('leaves well-formed escapes readable', () => {
    expect(decodeSegment('caf%C3%A9')).toBe('café');
    expect(isReadablePath('/shop/12/prospections')).toBe(true);
  });
});
