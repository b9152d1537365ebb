import { describe, expect, it } from 'vitest';
import { formatDate, formatSellout, orNotAvailable } from './format';

describe('orNotAvailable', () => {
  it('shows N/A for missing or blank values', () => {
    expect(orNotAvailable(null)).toBe('N/A');
    expect(orNotAvailable(undefined)).toBe('N/A');
    expect(orNotAvailable('   ')).toBe('N/A');
  });
  it('shows a present value trimmed, numbers included', () => {
    expect(orNotAvailable(' Gent ')).toBe('Gent');
    expect(orNotAvailable(0)).toBe('0');
  });
});

describe('formatDate', () => {
  it('writes a date day first, as a Flemish rep reads it', () => {
    expect(formatDate('2025-03-07')).toBe('07/03/2025');
    expect(formatDate('2025-03-07T10:00:00')).toBe('07/03/2025');
  });
  it('leaves an unreadable value as it is', () => {
    expect(formatDate('gisteren')).toBe('gisteren');
  });
});

describe('formatSellout', () => {
  it('shows one decimal with a comma, whole numbers without, and N/A when missing', () => {
    expect(formatSellout(12.5)).toBe('12,5%');
    expect(formatSellout(60)).toBe('60%');
    expect(formatSellout(0)).toBe('0%');
    expect(formatSellout(null)).toBe('N/A');
  });
});
