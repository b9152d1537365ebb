import { describe, expect, it } from 'vitest';
import { breadcrumbs } from './breadcrumbs';

const labels = (path: string, shop?: string) => breadcrumbs(path, shop).map((c) => c.label);

describe('breadcrumbs', () => {
  it('start with Index and Home, Home active on the home page', () => {
    expect(labels('/')).toEqual(['Index', 'Home']);
    expect(labels('/home')).toEqual(['Index', 'Home']);
    expect(breadcrumbs('/home').at(-1)).toEqual({ label: 'Home', active: true, to: undefined });
  });

  it('name every segment in Dutch, the shop by its name and a visit as Detail', () => {
    expect(labels('/shop/12/prospections/34', 'BOETIEK LILA')).toEqual([
      'Index',
      'Home',
      'Winkel',
      'BOETIEK LILA',
      'Prospecties',
      'Detail',
    ]);
    expect(labels('/shop/12/prospections/new', 'X')).toEqual(['Index', 'Home', 'Winkel', 'X', 'Prospecties', 'Nieuw']);
    expect(labels('/agenda')).toEqual(['Index', 'Home', 'Agenda']);
    expect(labels('/shop/new')).toEqual(['Index', 'Home', 'Winkel', 'Nieuw']);
    expect(labels('/beheer/medewerkers')).toEqual(['Index', 'Home', 'Beheer', 'Medewerkers']);
    expect(labels('/beheer/merken')).toEqual(['Index', 'Home', 'Beheer', 'Merken']);
    expect(labels('/beheer/seizoenen')).toEqual(['Index', 'Home', 'Beheer', 'Seizoenen']);
    expect(labels('/beheer/importeren')).toEqual(['Index', 'Home', 'Beheer', 'Winkels importeren']);
    expect(labels('/beheer/landen')).toEqual(['Index', 'Home', 'Beheer', 'Landen en steden']);
    expect(labels('/beheer/e-mails')).toEqual(['Index', 'Home', 'Beheer', 'E-mails']);
    expect(labels('/instellingen')).toEqual(['Index', 'Home', 'Instellingen']);
    expect(breadcrumbs('/beheer/logboek').slice(2)).toEqual([
      { label: 'Beheer', to: '/beheer', active: false },
      { label: 'Logboek', to: undefined, active: true },
    ]);
  });

  it('say Winkel niet gevonden for a shop that does not exist, … only while it loads', () => {
    expect(labels('/shop/999')).toEqual(['Index', 'Home', 'Winkel', '…']);
    expect(breadcrumbs('/shop/999', undefined, 'notFound').map((c) => c.label)).toEqual([
      'Index',
      'Home',
      'Winkel',
      'Winkel niet gevonden',
    ]);
    expect(breadcrumbs('/shop/999/prospections', undefined, 'offline').map((c) => c.label)).toEqual([
      'Index',
      'Home',
      'Winkel',
      'Niet beschikbaar',
      'Prospecties',
    ]);
  });

  it('show a segment with a malformed escape as typed instead of failing', () => {
    expect(labels('/bestaat%E0%A4%A')).toEqual(['Index', 'Home', 'bestaat%E0%A4%A']);
  });

  it('never link the Winkel crumb or the last crumb', () => {
    const crumbs = breadcrumbs('/shop/12/prospections', 'X');
    expect(crumbs.find((c) => c.label === 'Winkel')?.to).toBeUndefined();
    expect(crumbs.find((c) => c.label === 'X')?.to).toBe('/shop/12');
    expect(crumbs.at(-1)).toMatchObject({ label: 'Prospecties', active: true, to: undefined });
    expect(crumbs.filter((c) => c.active)).toHaveLength(1);
  });
});

describe('breadcrumbs without a dead end', () => {
  it("do not link Voorbeeldrapport on the sample report's page: /prospectionreport alone is no screen", () => {
    expect(breadcrumbs('/prospectionreport/new').find((c) => c.label === 'Voorbeeldrapport')).toEqual({
      label: 'Voorbeeldrapport',
      to: undefined,
      active: false,
    });
  });
});
