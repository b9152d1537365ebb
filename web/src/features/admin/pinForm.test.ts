import { describe, expect, it } from 'vitest';
import { parseDegrees, showDegrees } from './pinForm';

describe('the typed coordinates of a pin', () => {
  it('takes degrees with a comma or a point, rounded to five decimals', () => {
    expect(parseDegrees('51,0543', 90)).toBe(51.0543);
    expect(parseDegrees(' 3.717412345 ', 180)).toBe(3.71741);
    expect(parseDegrees('-33.9', 90)).toBe(-33.9);
  });

  it('refuses what is no number, or out of range', () => {
    expect(parseDegrees('', 90)).toBeNull();
    expect(parseDegrees('51°03′', 90)).toBeNull();
    expect(parseDegrees('91', 90)).toBeNull();
    expect(parseDegrees('181', 180)).toBeNull();
    expect(parseDegrees('51,05,4', 90)).toBeNull();
  });

  it('shows degrees as a Fleming writes them', () => {
    expect(showDegrees(51.0543)).toBe('51,05430');
  });
});
