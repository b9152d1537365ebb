import { describe, expect, it } from 'vitest';
import { compareDutch, formatDate, formatSellout, orNotAvailable, parseDate } from './format';

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

  it('writes every value as Intl.NumberFormat nl-BE does, also halves, negatives and thousands', () => {
    const intl = new Intl.NumberFormat('nl-BE', { maximumFractionDigits: 1 });
    const values = [0.05, 0.25, 0.35, 1.05, 2.45, 99.95, 100, -0, -0.04, -12.25, 1234.5, 1234567.89, 1e20, 1e21, Infinity, NaN];
    for (let i = 0; i < 2000; i++) values.push(Math.round(Math.random() * 100_000) / 100 - 100, Math.random() * 1e7);
    for (const value of values) expect(formatSellout(value), String(value)).toBe(`${intl.format(value)}%`);
  });
});

describe('compareDutch', () => {
  it('orders names as Intl.Collator nl does, the plain ones without making a collator', () => {
    const collator = new Intl.Collator('nl');
    const alphabet = 'aAbBzZ09 5m&-.\'"(),;:!?_/+MéÉ€@#ø';
    const names = [
      'Mayerline',
      'mayerline',
      'MAYERLINE',
      'Mayer line',
      'Mayer',
      'Mayer2',
      'Mayer10',
      'River Woods',
      'riverwoods',
      'Zebra',
      'Éclat',
      'Ba&sh',
      'A-Style',
      '',
    ];
    for (let i = 0; i < 3000; i++) {
      const length = 1 + Math.floor(Math.random() * 6);
      const plainOnly = i % 2 === 0;
      let name = '';
      for (let k = 0; k < length; k++) name += alphabet[Math.floor(Math.random() * (plainOnly ? 26 : alphabet.length))];
      names.push(name);
    }
    for (let i = 0; i < names.length; i++) {
      const a = names[i];
      const b = names[(i * 7919 + 13) % names.length];
      expect(compareDutch(a, b), `${a} ? ${b}`).toBe(collator.compare(a, b));
    }
    expect([...names].sort(compareDutch)).toEqual([...names].sort(collator.compare));
  });
});
