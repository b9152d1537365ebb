import { describe, expect, it } from 'vitest';
import {
  colleagueColour,
  colleaguesOf,
  eventTitle,
  formatDateTime,
  OVERFLOW_COLOUR,
  OWN_COLOUR,
  toCalendarEvents,
  toIsoDay,
} from './events';

describe('eventTitle', () => {
  it('uses the name first', () => {
    expect(eventTitle({ name: 'Showroomdag', remarks: 'Collectie tonen' })).toBe('Showroomdag');
  });
  it('falls back to the remarks without a name', () => {
    expect(eventTitle({ name: null, remarks: 'Collectie tonen' })).toBe('Collectie tonen');
    expect(eventTitle({ name: '  ', remarks: 'Collectie tonen' })).toBe('Collectie tonen');
  });
  it("says 'Geen details' without either", () => {
    expect(eventTitle({ name: null, remarks: null })).toBe('Geen details');
    expect(eventTitle({ name: '', remarks: '' })).toBe('Geen details');
  });
});

describe('colours', () => {
  it('gives colleagues tomato red, green, blue, orange, purple, pink in selection order, then grey', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((i) => colleagueColour(i).background)).toEqual([
      '#ff6347',
      '#008000',
      '#0000ff',
      '#ffa500',
      '#800080',
      '#ffc0cb',
      '#808080',
      '#808080',
    ]);
    expect(colleagueColour(6)).toBe(OVERFLOW_COLOUR);
  });

  it("shows own appointments in yellow (CSS yellow, like the colleagues' named colours), not gold, with black titles", () => {
    expect(OWN_COLOUR).toEqual({ background: '#ffff00', text: '#000000' });
  });

  it('picks text that reads on every background with at least 4.5:1 contrast', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5]
        .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const contrast = (a: string, b: string) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    for (const colour of [OWN_COLOUR, ...[0, 1, 2, 3, 4, 5, 6].map(colleagueColour)]) {
      expect(contrast(colour.background, colour.text), colour.background).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('toCalendarEvents', () => {
  const owner = { employeeId: 7, label: 'Jan Maes', colour: colleagueColour(0) };
  const base = {
    clientId: null,
    employeeId: 7,
    mine: false,
    allDay: false,
    shopId: null,
    shopName: null,
    prospectionId: null,
    sequence: 0,
  };

  it('keeps timed appointments at their times, in the owner’s colour', () => {
    const [event] = toCalendarEvents(
      [{ ...base, id: 1, name: null, remarks: 'Bezoek', startDate: '2025-03-10T10:00:00', endDate: '2025-03-10T11:30:00' }],
      owner,
    );
    expect(event).toMatchObject({
      id: '7-1',
      title: 'Bezoek',
      allDay: false,
      start: '2025-03-10T10:00:00',
      end: '2025-03-10T11:30:00',
      backgroundColor: '#ff6347',
      textColor: '#000000',
    });
  });

  it('spreads an all-day appointment over whole days, the last one included', () => {
    const [single, multi] = toCalendarEvents(
      [
        { ...base, id: 2, name: 'Beurs', remarks: null, startDate: '2025-03-10T08:30:00', endDate: '2025-03-10T18:00:00' },
        { ...base, id: 3, name: 'Verlof', remarks: null, startDate: '2025-03-31T08:00:00', endDate: '2025-04-01T18:00:00' },
      ],
      owner,
    );
    expect(single).toMatchObject({ allDay: true, start: '2025-03-10', end: '2025-03-11' });
    expect(multi).toMatchObject({ allDay: true, start: '2025-03-31', end: '2025-04-02' });
  });

  const mine = {
    ...base,
    mine: true,
    name: 'Schoenen Peeters',
    remarks: null,
    startDate: '2025-03-10T10:00:00',
    endDate: '2025-03-10T11:00:00',
  };

  it('marks a done appointment (its visit recorded) in the title every view shows, and keeps it where it is', () => {
    const [done, open] = toCalendarEvents(
      [
        { ...mine, id: 4, prospectionId: 12 },
        { ...mine, id: 5 },
      ],
      owner,
      true,
    );
    expect(done).toMatchObject({ title: '✓ Schoenen Peeters', editable: false, classNames: ['appointment-done'] });
    expect(open).toMatchObject({ title: 'Schoenen Peeters', editable: true, classNames: [] });
  });

  it("lets only the rep's own appointments be dragged, and only where moving is allowed", () => {
    expect(toCalendarEvents([{ ...mine, id: 6, mine: false }], owner, true)[0].editable).toBe(false);
    expect(toCalendarEvents([{ ...mine, id: 6 }], owner, false)[0].editable).toBe(false);
  });

  it('names a plan made offline by the id the device gave it, and marks it as waiting', () => {
    const [pending] = toCalendarEvents([{ ...mine, id: 0, clientId: 'c0ffee00-0000-4000-8000-000000000000', pending: true }], owner, true);
    expect(pending).toMatchObject({ id: '7-c0ffee00-0000-4000-8000-000000000000', classNames: ['appointment-pending'] });
  });
});

describe('formatting', () => {
  it('writes date-times the Dutch way', () => {
    const text = formatDateTime('2025-03-10T08:30:00');
    expect(text).toContain('maandag 10 maart 2025');
    expect(text).toContain('08:30');
  });
  it('turns a local date into the day the API takes', () => {
    expect(toIsoDay(new Date(2025, 0, 5, 23, 30))).toBe('2025-01-05');
  });
});

describe('colleaguesOf', () => {
  it('lists everyone but the rep, only those with a name, sorted by name', () => {
    const employees = [
      { id: 1, firstName: 'Sofie', name: 'Janssens', userId: 1 },
      { id: 2, firstName: 'Jan', name: 'Maes', userId: 2 },
      { id: 3, firstName: 'Eva', name: 'De Vries', userId: 3 },
      { id: 4, firstName: 'Zonder', name: ' ', userId: 4 },
      { id: 5, firstName: 'An', name: 'Maes', userId: 5 },
    ];
    expect(colleaguesOf(employees, 1).map((e) => e.id)).toEqual([3, 5, 2]);
  });
});
