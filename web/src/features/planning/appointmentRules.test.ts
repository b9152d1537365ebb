import { describe, expect, it } from 'vitest';
import {
  addMinutes,
  checkPlan,
  minutesBetween,
  newPlan,
  planOf,
  startVisitPath,
  toCreate,
  toUpdate,
  visitDateOf,
  type AppointmentFormValues,
} from './appointmentRules';

const shop = { id: 12, name: 'Schoenen Peeters' };
const valid = (patch: Partial<AppointmentFormValues> = {}): AppointmentFormValues => ({
  ...newPlan({ date: '2026-11-25', shop }),
  ...patch,
});
const appointment = {
  id: 5,
  clientId: null,
  employeeId: 1,
  mine: true,
  name: 'Schoenen Peeters',
  remarks: 'Nieuwe collectie',
  startDate: '2026-11-25T10:00:00',
  endDate: '2026-11-25T11:30:00',
  allDay: false,
  shopId: 12,
  shopName: 'Schoenen Peeters',
  prospectionId: null,
  sequence: 0,
};

describe('planning a visit', () => {
  it('lasts 60 minutes unless the rep says otherwise, and starts empty but for the shop', () => {
    expect(newPlan({ date: '2026-11-25', shop })).toEqual({
      date: '2026-11-25',
      start: '09:00',
      duration: '60',
      title: '',
      remarks: '',
      shopId: 12,
      shopName: 'Schoenen Peeters',
    });
  });

  it('is titled after the shop when the title is left empty (the server names it)', () => {
    expect(toCreate(valid({ start: '10:30' }), 'c1')).toEqual({
      clientId: 'c1',
      startDate: '2026-11-25T10:30',
      endDate: '2026-11-25T11:30',
      shopId: 12,
      name: null,
      remarks: null,
    });
    expect(toCreate(valid({ title: ' Voorjaarscollectie ' }), 'c1').name).toBe('Voorjaarscollectie');
  });

  it('accepts a filled-in plan', () => {
    expect(checkPlan(valid())).toEqual({});
  });

  it('asks for a date, a start and a duration in the rep’s words', () => {
    expect(checkPlan(valid({ date: '', start: '', duration: '' }))).toEqual({
      date: 'Kies een datum.',
      start: 'Kies een beginuur.',
      duration: 'Geef een duur in minuten, van 5 minuten tot 12 uur.',
    });
  });

  it('refuses a duration that is no whole number of minutes, too short or longer than a working day', () => {
    for (const duration of ['0', '4', '1.5', 'een uur', '721', '-60'])
      expect(checkPlan(valid({ duration })).duration, duration).toBeDefined();
    for (const duration of ['5', '60', '720']) expect(checkPlan(valid({ duration })).duration, duration).toBeUndefined();
  });

  it('refuses a date that does not exist', () => {
    expect(checkPlan(valid({ date: '2026-02-30' })).date).toBe('Kies een datum.');
  });

  it('wants a title, a shop or remarks: an empty appointment says nothing in the calendar', () => {
    expect(checkPlan(valid({ shopId: null, shopName: null })).title).toBe('Geef een titel, of kies een winkel.');
    expect(checkPlan(valid({ shopId: null, shopName: null, remarks: 'Bellen' })).title).toBeUndefined();
  });

  it('says how long a too long title is', () => {
    expect(checkPlan(valid({ title: 'x'.repeat(201) })).title).toBe('Deze tekst is 201 tekens lang; hoogstens 200 mag.');
  });
});

describe('wall-clock times', () => {
  it('adds minutes over midnight and month ends, by the clock', () => {
    expect(addMinutes('2026-11-30T23:30', 60)).toBe('2026-12-01T00:30');
    expect(addMinutes('2026-11-25T10:00:00', -90)).toBe('2026-11-25T08:30');
    // The night the clocks go back in Brussels is still 60 minutes on the wall.
    expect(addMinutes('2026-10-25T02:30', 60)).toBe('2026-10-25T03:30');
  });
  it('counts the minutes between two times', () => {
    expect(minutesBetween('2026-11-25T10:00:00', '2026-11-25T11:30:00')).toBe(90);
  });
});

describe('changing an appointment', () => {
  it('fills the form with its day, start, duration and remarks; a title that is the shop’s name stays empty', () => {
    expect(planOf(appointment)).toEqual({
      date: '2026-11-25',
      start: '10:00',
      duration: '90',
      title: '',
      remarks: 'Nieuwe collectie',
      shopId: 12,
      shopName: 'Schoenen Peeters',
    });
  });
  it('sends every field as the rep sees it, the shop’s name as title when she typed none', () => {
    expect(toUpdate(planOf(appointment))).toEqual({
      startDate: '2026-11-25T10:00',
      endDate: '2026-11-25T11:30',
      shopId: 12,
      name: 'Schoenen Peeters',
      remarks: 'Nieuwe collectie',
    });
  });
});

describe('starting a visit from a plan', () => {
  it('takes the plan’s day, or today when the rep starts early (a visit is never dated ahead)', () => {
    expect(visitDateOf({ startDate: '2026-11-20T10:00:00' }, '2026-11-25')).toBe('2026-11-20');
    expect(visitDateOf({ startDate: '2026-11-27T10:00:00' }, '2026-11-25')).toBe('2026-11-25');
  });
  it('opens the wizard of the plan’s shop, naming the appointment by its number, or by the device’s id before it has one', () => {
    expect(startVisitPath(appointment, '2026-11-25')).toBe('/shop/12/prospections/new?afspraak=5&datum=2026-11-25');
    expect(startVisitPath({ ...appointment, id: 0, clientId: 'abc' }, '2026-11-25')).toBe(
      '/shop/12/prospections/new?afspraak=abc&datum=2026-11-25',
    );
  });
});
