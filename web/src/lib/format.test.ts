import { describe, expect, it } from 'vitest';
import { formatDate, formatSellout, orNotAvailable, parseDate } from './format';

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

describe('parseDate', () => {
  it('reads a day typed day first, with slashes, dashes, dots or only digits', () => {
    expect(parseDate('07/03/2025')).toBe('2025-03-07');
    expect(parseDate(' 7-3-2025 ')).toBe('2025-03-07');
    expect(parseDate('7.3.2025')).toBe('2025-03-07');
    expect(parseDate('07032025')).toBe('2025-03-07');
    expect(parseDate('29/02/2028')).toBe('2028-02-29');
  });
  it('refuses what is no real day: a 30 February, a month 13, a year of two digits, words', () => {
    expect(parseDate('30/02/2026')).toBeNull();
    expect(parseDate('01/13/2026')).toBeNull();
    expect(parseDate('01/03/26')).toBeNull();
    expect(parseDate('2026-03-01')).toBeNull();
    expect(parseDate('gisteren')).toBeNull();
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
