import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { meQueryKey } from '../../api/session';
import { shopKeys } from '../../api/shops';
import { json, renderPage } from '../../test/renderPage';
import { MapPage } from './MapPage';

const me = {
  user: { id: 1, login: 'demo@example.com' },
  employee: { id: 7, firstName: 'Sofie', name: 'Janssens' },
  authMode: 'demo',
  roles: [],
};
const places = [
  [1, 51.05, 3.72],
  [2, 51.06, 3.73],
  [3, 51.22, 4.4],
  [4, 50.85, 4.35],
];
const shops = [
  { id: 1, name: 'Mode Sofie', city: 'Gent', customer: null },
  { id: 2, name: 'Schoenen Peeters', city: 'Gent', customer: null },
  { id: 3, name: 'Antwerpse Mode', city: 'Antwerpen', customer: null },
  { id: 4, name: 'Brusselse Mode', city: 'Brussel', customer: null },
];
const cached: [readonly unknown[], unknown][] = [
  [meQueryKey, me],
  [shopKeys.places, places],
  [shopKeys.list, shops],
];

function serve(answers: Record<string, unknown>) {
  const fetch = vi.fn(async (url: string) => {
    const path = url.replace(/^\/api/, '');
    const [route] = path.split('?');
    const answer = path in answers ? answers[path] : answers[route];
    return answer === undefined ? json(404, { code: 'route_not_found' }) : json(200, answer);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const server = {
  '/map/settings': { tileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png', attribution: '© OpenStreetMap-bijdragers' },
  '/map/shops': [
    [1, 'customer', 7],
    [2, 'interested', 8],
    [3, null, null],
    [4, 'customer', 8],
  ],
  '/map/shops?brandId=2': [
    [1, 'visited', 7],
    [2, null, 8],
    [3, null, null],
    [4, 'stopped', 8],
  ],
  '/me/due-shops': { dueAfterDays: 90, shops: [] },
  [`/employees/7/appointments`]: [],
  '/brands': [
    { id: 1, name: 'Kade Denim' },
    { id: 2, name: 'Noord' },
  ],
  '/employees': [
    { id: 7, firstName: 'Sofie', name: 'Janssens', userId: 1 },
    { id: 8, firstName: 'Jan', name: 'Maes', userId: 2 },
  ],
};

beforeEach(() => onlineManager.setOnline(true));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

describe('the map of the shops', () => {
  it('puts every placed shop on it, with the tiles and their attribution the server names', async () => {
    serve(server);
    renderPage('/kaart', <MapPage />, cached);
    expect(await screen.findByText('4 winkels op de kaart')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Kaart van de winkels' })).toHaveTextContent('© OpenStreetMap-bijdragers');
  });

  it('filters by status, brand and rep, and says how many shops are left', async () => {
    const fetch = serve(server);
    renderPage('/kaart', <MapPage />, cached);
    await screen.findByText('4 winkels op de kaart');
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const filters = screen.getByRole('region', { name: 'Filters' });
    await userEvent.click(within(filters).getByRole('checkbox', { name: 'Prospect' }));
    expect(await screen.findByText('3 winkels op de kaart')).toBeVisible();
    await userEvent.selectOptions(within(filters).getByLabelText('Vertegenwoordiger'), 'Mijn winkels');
    expect(await screen.findByText('1 winkel op de kaart')).toBeVisible();
    await userEvent.selectOptions(within(filters).getByLabelText('Vertegenwoordiger'), 'Jan Maes');
    expect(await screen.findByText('2 winkels op de kaart')).toBeVisible();
    // One brand's stage instead of the furthest: asked of the server.
    await userEvent.selectOptions(within(filters).getByLabelText('FC70-merk'), 'Noord');
    expect(fetch).toHaveBeenCalledWith('/api/map/shops?brandId=2', expect.anything());
    expect(await screen.findByText('1 winkel op de kaart')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Filters (3)' })).toBeVisible();
    await userEvent.click(within(filters).getByRole('button', { name: 'Alles tonen' }));
    expect(await screen.findByText('4 winkels op de kaart')).toBeVisible();
  });

  it("lists the shops on screen for a keyboard, and a shop's card plans a visit, starts one or shows the way", async () => {
    // jsdom lays nothing out: the map gets a phone's size, so it knows what is on screen.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(390);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(700);
    serve(server);
    renderPage('/kaart', <MapPage />, cached);
    await screen.findByText('4 winkels op de kaart');
    await userEvent.click(screen.getByRole('button', { name: 'Lijst' }));
    const list = screen.getByRole('region', { name: 'Winkels in beeld' });
    expect(await within(list).findByText('4 winkels in beeld.')).toBeVisible();
    await userEvent.click(within(list).getByRole('button', { name: /Mode Sofie · Gent/ }));
    const card = screen.getByRole('region', { name: 'Mode Sofie' });
    expect(card).toHaveTextContent('Gent');
    expect(card).toHaveTextContent('Klant');
    expect(within(card).getByRole('heading', { name: 'Mode Sofie' })).toHaveFocus();
    expect(within(card).getByRole('link', { name: 'Start bezoek bij Mode Sofie' })).toHaveAttribute('href', '/shop/1/prospections/new');
    const route = within(card).getByRole('link', { name: 'Route naar Mode Sofie (opent je kaartenapp)' });
    expect(route).toHaveAttribute('href', 'https://www.google.com/maps/dir/?api=1&destination=51.05000%2C3.72000&travelmode=driving');
    expect(route).toHaveAttribute('target', '_blank');
    await userEvent.click(within(card).getByRole('button', { name: 'Bezoek plannen bij Mode Sofie' }));
    expect(await screen.findByRole('dialog', { name: 'Bezoek plannen bij Mode Sofie' })).toBeVisible();
  });

  it('keeps the shops on the map while their colours arrive, never an empty map between', async () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(390);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(700);
    let answerStatuses = () => {};
    const statusesAsked = new Promise<void>((resolve) => (answerStatuses = resolve));
    const fetch = serve(server);
    const served = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (url: string) => {
      if (url === '/api/map/shops') await statusesAsked;
      return served(url);
    });
    const counts: number[] = [];
    const seen = new MutationObserver(() => counts.push(document.querySelectorAll('.map-marker').length));
    seen.observe(document.body, { childList: true, subtree: true });
    renderPage('/kaart', <MapPage />, cached);
    await screen.findByText('4 winkels op de kaart');
    // Without their stage the pins are white with a dashed edge; with it, each has its colour.
    const uncoloured = () => document.querySelectorAll('.map-pin-dot[style*="dashed"]').length;
    await vi.waitFor(() => expect(uncoloured()).toBeGreaterThan(0));
    const before = counts.length;
    answerStatuses();
    await vi.waitFor(() => expect(uncoloured()).toBe(0));
    seen.disconnect();
    expect(counts.length).toBeGreaterThan(before);
    expect(counts.slice(before)).not.toContain(0);
  });

  it('names every colour and mark in its legend', async () => {
    serve(server);
    renderPage('/kaart', <MapPage />, cached);
    await userEvent.click(screen.getByRole('button', { name: 'Legende' }));
    const legend = screen.getByRole('region', { name: 'Legende' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual([
      'Prospect',
      'Bezocht',
      'Geïnteresseerd',
      'In gesprek',
      'Klant',
      'Niet geïnteresseerd',
      'Gestopt',
      'Stand onbekend',
      'Te bezoeken',
      'Gepland',
      '12Groep winkels, met hun aantal',
    ]);
  });

  it('offline, shows the shops the device keeps and says the map itself may be missing', async () => {
    onlineManager.setOnline(false);
    serve({});
    renderPage('/kaart', <MapPage />, cached);
    expect(await screen.findByText('4 winkels op de kaart')).toBeVisible();
    expect(screen.getByText('Je bent offline: de winkels komen van dit toestel, maar de kaart zelf kan ontbreken.')).toBeVisible();
    expect(screen.getByText('De stand van de winkels staat niet op dit toestel: ze staan er zonder kleur op.')).toBeVisible();
  });

  it('says so when the places are not on the device yet', async () => {
    onlineManager.setOnline(false);
    serve({});
    renderPage('/kaart', <MapPage />, [[meQueryKey, me]]);
    expect(
      await screen.findByText('De liggingen van de winkels staan nog niet op dit toestel: ze worden opgehaald zodra er verbinding is.'),
    ).toBeVisible();
  });
});
