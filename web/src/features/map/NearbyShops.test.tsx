import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shopKeys } from '../../api/shops';
import { json, renderPage } from '../../test/renderPage';
import { NearbyShops } from './NearbyShops';
import { fakeLocation } from './testLocation';

// Around a street in Gent: a shop next door, two within a few km, one in Antwerp.
const places = [
  [1, 51.0545, 3.7201],
  [2, 51.06, 3.73],
  [3, 51.2194, 4.4025],
  [4, 51.03, 3.7],
  ...Array.from({ length: 12 }, (_, i) => [100 + i, 50.8 + i * 0.01, 4.3] as const),
];
const shops = [
  { id: 1, name: 'Mode Sofie', city: 'Gent', customer: null },
  { id: 2, name: 'Schoenen Peeters', city: 'Gent', customer: null },
  { id: 3, name: 'Antwerpse Mode', city: 'Antwerpen', customer: null },
  { id: 4, name: 'Boetiek Zuid', city: 'Gent', customer: null },
];
const cached: [readonly unknown[], unknown][] = [
  [shopKeys.places, places],
  [shopKeys.list, shops],
];

afterEach(() => vi.unstubAllGlobals());

describe('In de buurt', () => {
  it('asks for her location only when she taps, saying why first', async () => {
    const ask = fakeLocation({ latitude: 51.054, longitude: 3.72 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, {})),
    );
    renderPage('/home', <NearbyShops />, cached);
    expect(screen.getByText('Prospectie gebruikt je locatie enkel op dit toestel om winkels in de buurt te tonen.')).toBeVisible();
    expect(ask).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Winkels in de buurt tonen' }));
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('lists the ten nearest shops from the device, nearest first, with their distance', async () => {
    fakeLocation({ latitude: 51.054, longitude: 3.72 });
    // Offline: nothing answers, the device's lists do.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    renderPage('/home', <NearbyShops />, cached);
    await userEvent.click(screen.getByRole('button', { name: 'Winkels in de buurt tonen' }));
    const list = await screen.findByRole('list', { name: 'In de buurt' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(10);
    expect(items[0]).toHaveTextContent('Mode Sofie · Gent60 m');
    expect(items[1]).toHaveTextContent('Schoenen Peeters · Gent970 m');
    expect(items[2]).toHaveTextContent('Boetiek Zuid · Gent3,0 km');
    expect(within(items[0]).getByRole('link', { name: /Mode Sofie/ })).toHaveAttribute('href', '/shop/1');
    expect(items.map((i) => i.textContent)).not.toContain(expect.stringMatching(/Antwerpse Mode/));
  });

  it('says the distances are rough when the phone only guesses where it is', async () => {
    fakeLocation({ latitude: 51.054, longitude: 3.72, accuracy: 1800 });
    renderPage('/home', <NearbyShops />, cached);
    await userEvent.click(screen.getByRole('button', { name: 'Winkels in de buurt tonen' }));
    expect(await screen.findByText('Je toestel kent je locatie maar tot op 1,8 km: de afstanden zijn even ruw.')).toBeVisible();
  });

  it('says so clearly when she gives no access to her location', async () => {
    fakeLocation('denied');
    renderPage('/home', <NearbyShops />, cached);
    await userEvent.click(screen.getByRole('button', { name: 'Winkels in de buurt tonen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Je gaf Prospectie geen toegang tot je locatie.');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says so when the phone cannot tell where it is', async () => {
    fakeLocation('unavailable');
    renderPage('/home', <NearbyShops />, cached);
    await userEvent.click(screen.getByRole('button', { name: 'Winkels in de buurt tonen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Je toestel kon je locatie niet bepalen.');
  });
});
