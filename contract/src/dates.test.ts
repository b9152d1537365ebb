import { describe, expect, it } from 'vitest';
import { brusselsToday, isAllDay } from './dates';

describe('brusselsToday', () => {
  it("is Belgium's day, also late at night in UTC, in winter and in summer time", () => {
    expect(brusselsToday(new Date('2026-03-02T23:30:00Z'))).toBe('2026-03-03');
    expect(brusselsToday(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    expect(brusselsToday(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
  });
});

describe('isAllDay', () => {
  const day = '2025-03-10';
  const at = (time: string) => `${day}T${time}:00`;

  it('counts a day that starts at 09:00 and ends at 18:00 as all-day', () => {
    expect(isAllDay(at('09:00'), at('18:00'))).toBe(true);
  });
  it('still counts a start at 09:59 as the morning', () => {
    expect(isAllDay(at('09:59'), at('18:00'))).toBe(true);
  });
  it('does not count a start at 10:00', () => {
    expect(isAllDay(at('10:00'), at('18:00'))).toBe(false);
  });
  it('does not count an end at 17:59', () => {
    expect(isAllDay(at('08:30'), at('17:59'))).toBe(false);
  });
  it('counts an end later in the evening', () => {
    expect(isAllDay(at('08:30'), at('18:45'))).toBe(true);
  });
  it('does not count an appointment whose start equals its end', () => {
    expect(isAllDay(`${day}T09:00:00`, `${day}T09:00:00`)).toBe(false);
    expect(isAllDay(`${day}T18:00:00`, `${day}T18:00:00`)).toBe(false);
  });
  it('does not count one that ends before it starts', () => {
    expect(isAllDay('2025-03-11T08:00:00', '2025-03-10T18:00:00')).toBe(false);
  });
});
