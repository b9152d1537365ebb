import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Appointment } from '@prospectie/contract';
import { brusselsToday } from '@prospectie/contract/dates';
import { shopKeys } from '../../api/shops';
import { json, renderPage } from '../../test/renderPage';
import { TodayRoute } from './TodayRoute';
import { fakeLocation } from './testLocation';

const today = brusselsToday();
const visit = (
  id: number,
  shopId: number | null,
  shopName: string | null,
  hour: number,
  patch: Partial<Appointment> = {},
): Appointment => ({
  id,
  clientId: null,
  employeeId: 7,
  mine: true,
  name: shopName,
  remarks: null,
  startDate: `${today}T${String(hour).padStart(2, '0')}:00:00`,
  endDate: `${today}T${String(hour + 1).padStart(2, '0')}:00:00`,
  allDay: false,
  shopId,
  shopName,
  prospectionId: null,
  sequence: 0,
  ...patch,
});

// Along a line east of where she stands, planned in another order.
const places = [
  [11, 51.05, 3.8],
  [12, 51.05, 3.74],
  [13, 51.05, 3.9],
];
const here = { latitude: 51.05, longitude: 3.72 };

afterEach(() => vi.unstubAllGlobals());

describe("Vandaag's order of the route", () => {
  it("orders the day's visits from where she stands and hands them to the maps app in that order", async () => {
    const ask = fakeLocation(here);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, {})),
    );
    const day = [
      visit(1, 13, 'Verste Winkel', 9),
      visit(2, 11, 'Middelste Winkel', 11),
      visit(3, 12, 'Naaste Winkel', 14),
      visit(4, null, null, 15, { name: 'Telefoon' }),
      visit(5, 99, 'Zonder Ligging', 16),
      visit(6, 12, 'Al Bezocht', 8, { prospectionId: 5 }),
    ];
    renderPage('/home', <TodayRoute appointments={day} />, [[shopKeys.places, places]]);
    expect(
      screen.getByText('Prospectie gebruikt je locatie enkel op dit toestel om de volgorde van je bezoeken te bepalen.'),
    ).toBeVisible();
    expect(ask).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Volgorde van de route' }));
    const list = await screen.findByRole('list', { name: 'Route van vandaag' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^Naaste Winkel14:001,4 km vanaf waar je bent$/),
      expect.stringMatching(/^Middelste Winkel11:004,2 km vanaf de vorige$/),
      expect.stringMatching(/^Verste Winkel09:007,0 km vanaf de vorige$/),
    ]);
    expect(screen.getByText('Zonder ligging, dus niet in de route: Zonder Ligging.')).toBeVisible();
    const open = screen.getByRole('link', { name: 'Route openen' });
    const url = new URL(open.getAttribute('href')!);
    expect(url.searchParams.get('origin')).toBe('51.05000,3.72000');
    expect(url.searchParams.get('waypoints')).toBe('51.05000,3.74000|51.05000,3.80000');
    expect(url.searchParams.get('destination')).toBe('51.05000,3.90000');
    expect(open).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('link', { name: /Volgende deel van de route/ })).toBeNull();
  });

  it('offers the next leg when the day has more stops than one address takes', async () => {
    fakeLocation(here);
    const many = Array.from({ length: 11 }, (_, i) => [20 + i, 51.05, 3.73 + i * 0.01]);
    const day = many.map(([shopId], i) => visit(i + 1, shopId, `Winkel ${shopId}`, 8));
    renderPage('/home', <TodayRoute appointments={day} />, [[shopKeys.places, many]]);
    await userEvent.click(screen.getByRole('button', { name: 'Volgorde van de route' }));
    const first = await screen.findByRole('link', { name: 'Route openen (deel 1 van 2)' });
    const next = screen.getByRole('link', { name: 'Volgende deel van de route (deel 2 van 2)' });
    expect(new URL(first.getAttribute('href')!).searchParams.get('waypoints')!.split('|')).toHaveLength(8);
    expect(new URL(next.getAttribute('href')!).searchParams.get('origin')).toBe(
      new URL(first.getAttribute('href')!).searchParams.get('destination'),
    );
    expect(new URL(next.getAttribute('href')!).searchParams.get('destination')).toBe('51.05000,3.83000');
  });

  it('offers nothing for a day with fewer than two visits to make', () => {
    renderPage('/home', <TodayRoute appointments={[visit(1, 11, 'Enige Winkel', 9)]} />, [[shopKeys.places, places]]);
    expect(screen.queryByRole('button', { name: 'Volgorde van de route' })).toBeNull();
  });

  it('says why when there is no location', async () => {
    fakeLocation('denied');
    renderPage('/home', <TodayRoute appointments={[visit(1, 11, 'A', 9), visit(2, 12, 'B', 10)]} />, [[shopKeys.places, places]]);
    await userEvent.click(screen.getByRole('button', { name: 'Volgorde van de route' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Je gaf Prospectie geen toegang tot je locatie.');
  });
});
