import { describe, expect, it } from 'vitest';
import { colleagueColour, OWN_COLOUR, toCalendarEvents, type CalendarOwner } from './events';
import { daysOf, eventsOnDay, monthDigest } from './monthDigest';

const own: CalendarOwner = { employeeId: 1, label: 'Sofie Janssens (mijn agenda)', colour: OWN_COLOUR };
const eva: CalendarOwner = { employeeId: 2, label: 'Eva De Vries', colour: colleagueColour(0) };
let nextId = 1;
const appointment = (name: string, startDate: string, endDate: string) => ({
  id: nextId++,
  clientId: null,
  employeeId: 1,
  mine: true,
  allDay: false,
  name,
  remarks: null,
  shopId: null,
  shopName: null,
  prospectionId: null,
  sequence: 0,
  startDate,
  endDate,
});
const at = (day: string, from: string, to: string, name = `${day} ${from}`) => appointment(name, `${day}T${from}:00`, `${day}T${to}:00`);
const titles = (events: ReturnType<typeof monthDigest>) => events.map((e) => e.title);

describe('daysOf', () => {
  it('puts a timed appointment on its day, and one until midnight not on the next', () => {
    const [a, b] = toCalendarEvents(
      [at('2026-10-12', '10:00', '11:00'), appointment('nacht', '2026-10-12T20:00:00', '2026-10-13T00:00:00')],
      own,
    );
    expect(daysOf(a)).toEqual(['2026-10-12']);
    expect(daysOf(b)).toEqual(['2026-10-12']);
  });
  it('spreads an all-day appointment over every day it covers, across a month’s end', () => {
    const [leave] = toCalendarEvents([appointment('Verlof', '2026-10-30T08:00:00', '2026-11-02T18:00:00')], own);
    expect(daysOf(leave)).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']);
  });
});

describe('monthDigest', () => {
  it('leaves a day with no more appointments than rows as it is', () => {
    const events = toCalendarEvents(
      ['09', '10', '11', '12'].map((h) => at('2026-10-12', `${h}:00`, `${h}:30`)),
      own,
    );
    expect(monthDigest(events)).toEqual(events);
  });

  it('draws a busy day’s first three appointments in the calendar’s order and one "+n extra" for the rest', () => {
    const events = [
      ...toCalendarEvents([at('2026-10-12', '14:00', '15:00', 'middag'), at('2026-10-12', '08:00', '09:00', 'vroeg')], own),
      ...toCalendarEvents(
        [
          at('2026-10-12', '08:00', '12:00', 'lang'),
          at('2026-10-12', '10:00', '11:00', 'tien'),
          at('2026-10-12', '16:00', '17:00', 'laat'),
        ],
        eva,
      ),
      ...toCalendarEvents([at('2026-10-13', '09:00', '10:00', 'dinsdag')], own),
    ];
    const shown = monthDigest(events);
    // 08:00 for four hours before 08:00 for one (longest first), then 10:00; 14:00 and 16:00 fold into "+2 extra".
    expect(titles(shown)).toEqual(['lang', 'vroeg', 'tien', '+2 extra', 'dinsdag']);
    expect(shown[3]).toMatchObject({
      allDay: true,
      start: '2026-10-12',
      editable: false,
      extendedProps: { more: { date: '2026-10-12', count: 2 } },
    });
  });

  it('leaves room beside appointments over several days and never folds those', () => {
    const leave = toCalendarEvents([appointment('Verlof', '2026-10-12T08:00:00', '2026-10-13T18:00:00')], eva);
    const day = toCalendarEvents(
      ['09', '10', '11', '12'].map((h) => at('2026-10-12', `${h}:00`, `${h}:30`)),
      own,
    );
    expect(titles(monthDigest([...leave, ...day]))).toEqual(['Verlof', '2026-10-12 09:00', '2026-10-12 10:00', '+2 extra']);
  });

  it('stands for a thousand appointments with at most four elements a day', () => {
    const days = ['2026-10-12', '2026-10-13', '2026-10-14', '2026-10-15', '2026-10-16'];
    const many = days.flatMap((day) =>
      Array.from({ length: 200 }, (_, i) => at(day, `${String(7 + (i % 11)).padStart(2, '0')}:00`, '18:00', `${day} ${i}`)),
    );
    const shown = monthDigest(toCalendarEvents(many, own));
    expect(shown).toHaveLength(days.length * 4);
    expect(shown.filter((e) => e.title === '+197 extra')).toHaveLength(days.length);
  });
});

describe('eventsOnDay', () => {
  it('lists every appointment on the day, those over several days included, in the grid’s order', () => {
    const events = [
      ...toCalendarEvents([at('2026-10-12', '14:00', '15:00', 'middag'), at('2026-10-13', '09:00', '10:00', 'dinsdag')], own),
      ...toCalendarEvents(
        [appointment('Verlof', '2026-10-09T08:00:00', '2026-10-12T18:00:00'), at('2026-10-12', '09:00', '10:00', 'ochtend')],
        eva,
      ),
    ];
    expect(eventsOnDay(events, '2026-10-12').map((e) => e.title)).toEqual(['Verlof', 'ochtend', 'middag']);
  });
});
