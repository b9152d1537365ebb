import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Appointment, DueShops as DueShopsReply } from '@prospectie/contract';
import { meQueryKey } from '../../api/session';
import { brusselsToday } from '@prospectie/contract/dates';
import { json, renderPage } from '../../test/renderPage';
import { DueShops, TodayPlan } from './PlanningLists';

// The plan dialog's code loads once the page is idle (PlanVisitDialogLater.tsx); read here before the tests, as an
// idle page would have, so a slow first transform of it is no part of what a test waits for.
beforeAll(() => import('./PlanVisitDialog'));

const me = {
  user: { id: 1, login: 'demo@example.com' },
  employee: { id: 7, firstName: 'Sofie', name: 'Janssens' },
  authMode: 'demo',
  roles: [],
};
const today = brusselsToday();
const plan = (patch: Partial<Appointment>): Appointment => ({
  id: 1,
  clientId: null,
  employeeId: 7,
  mine: true,
  name: null,
  remarks: null,
  startDate: `${today}T09:00:00`,
  endDate: `${today}T10:00:00`,
  allDay: false,
  shopId: null,
  shopName: null,
  prospectionId: null,
  sequence: 0,
  ...patch,
});

function answer(routes: Record<string, unknown>) {
  const fetch = vi.fn(async (url: string) => {
    const path = url.replace(/^\/api/, '');
    return path in routes ? json(200, routes[path]) : json(404, { code: 'route_not_found' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('Vandaag', () => {
  it("lists today's planned visits in the order the server gives (by start), each started with one press", async () => {
    answer({
      '/me/today': [
        plan({
          id: 3,
          name: 'Schoenen Peeters',
          shopId: 12,
          shopName: 'Schoenen Peeters',
          startDate: `${today}T09:00:00`,
          endDate: `${today}T10:00:00`,
        }),
        plan({ id: 4, name: 'Telefoon leverancier', startDate: `${today}T11:00:00`, endDate: `${today}T11:30:00` }),
        plan({
          id: 5,
          name: 'Mode Maes',
          shopId: 13,
          shopName: 'Mode Maes',
          prospectionId: 88,
          startDate: `${today}T14:00:00`,
          endDate: `${today}T15:00:00`,
        }),
      ],
    });
    renderPage('/home', <TodayPlan />, [[meQueryKey, me]]);
    const list = await screen.findByRole('list', { name: 'Vandaag' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^09:00–10:00Schoenen PeetersStart bezoek$/),
      expect.stringMatching(/^11:00–11:30Telefoon leverancierGeen winkel gekoppeld$/),
      expect.stringMatching(/^14:00–15:00Mode Maes✓ Bezocht$/),
    ]);
    expect(within(items[0]).getByRole('link', { name: 'Start bezoek bij Schoenen Peeters' })).toHaveAttribute(
      'href',
      `/shop/12/prospections/new?afspraak=3&datum=${today}`,
    );
    // A visit already recorded from the plan links to it instead.
    expect(within(items[2]).getByRole('link', { name: /Bezocht/ })).toHaveAttribute('href', '/shop/13/prospections/88');
  });

  it('says so when nothing is planned today', async () => {
    answer({ '/me/today': [] });
    renderPage('/home', <TodayPlan />, [[meQueryKey, me]]);
    expect(await screen.findByText('Geen bezoeken gepland vandaag.')).toBeVisible();
  });
});

describe('Te bezoeken', () => {
  const due: DueShopsReply = {
    dueAfterDays: 90,
    shops: [
      {
        shopId: 21,
        shopName: 'Nooit Bezocht',
        city: 'Gent',
        lastVisitDate: null,
        lastVisitBy: null,
        daysSince: null,
        assigned: true,
        plannedAt: null,
        window: { season: 'SS27', endsOn: '2026-12-09', daysLeft: 12 },
      },
      {
        shopId: 22,
        shopName: 'Lang Geleden',
        city: 'Brugge',
        lastVisitDate: '2026-03-01',
        lastVisitBy: 'Jan Maes',
        daysSince: 269,
        assigned: false,
        plannedAt: null,
        window: null,
      },
      ...[23, 24, 25, 26].map((shopId, i) => ({
        shopId,
        shopName: `Winkel ${shopId}`,
        city: null,
        lastVisitDate: '2026-08-01',
        lastVisitBy: 'Sofie Janssens',
        daysSince: 116 - i,
        assigned: true,
        plannedAt: null,
        window: null,
      })),
    ],
  };

  it('lists the overdue portfolio shops most overdue first, five at a time, each with Bezoek plannen', async () => {
    answer({ '/me/due-shops': due });
    renderPage('/home', <DueShops />, [[meQueryKey, me]]);
    const list = await screen.findByRole('list', { name: 'Te bezoeken' });
    expect(
      screen.getByText('Winkels uit je portefeuille die niemand de laatste 90 dagen bezocht, de langst niet bezochte eerst.'),
    ).toBeVisible();
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(within(items[0]).getByRole('link', { name: /^Nooit Bezocht/ })).toHaveAttribute('href', '/shop/21');
    expect(items[0]).toHaveTextContent('Nog nooit bezocht');
    // Interested in a brand whose pre-order window closes in 12 days: first, and says so.
    expect(items[0]).toHaveTextContent('nog 12 dagen voor SS27');
    expect(items[1]).toHaveTextContent('269 dagen geleden (01/03/2026, door Jan Maes)');
    expect(items[1]).not.toHaveTextContent('voor SS');
    await userEvent.click(screen.getByRole('button', { name: 'Alle 6 tonen' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
  });

  it('says when a visit is planned already, instead of offering to plan one', async () => {
    const planned = { ...due, shops: due.shops.map((s) => (s.shopId === 22 ? { ...s, plannedAt: '2026-12-01T14:00:00' } : s)) };
    answer({ '/me/due-shops': planned });
    renderPage('/home', <DueShops />, [[meQueryKey, me]]);
    const list = await screen.findByRole('list', { name: 'Te bezoeken' });
    const item = within(list).getAllByRole('listitem')[1];
    expect(item).toHaveTextContent('Gepland: dinsdag 1 december 2026 om 14:00');
    expect(within(item).queryByRole('button', { name: 'Bezoek plannen bij Lang Geleden' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Bezoek plannen bij Nooit Bezocht' })).toBeInTheDocument();
  });

  it('plans a visit to a shop of the list: a form for that shop, an hour long', async () => {
    answer({ '/me/due-shops': due });
    renderPage('/home', <DueShops />, [[meQueryKey, me]]);
    await userEvent.click(await screen.findByRole('button', { name: 'Bezoek plannen bij Lang Geleden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bezoek plannen bij Lang Geleden' });
    expect(within(dialog).getByLabelText('Duur (minuten)')).toHaveValue(60);
    expect(within(dialog).getByLabelText('Titel')).toHaveAttribute('placeholder', 'Lang Geleden');
  });
});
