import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shopKeys } from '../../api/shops';
import { json, renderPage } from '../../test/renderPage';
import { HereInShop } from './HereInShop';
import { fakeLocation } from './testLocation';

const places = [[1, 51.05, 3.72]];

afterEach(() => vi.unstubAllGlobals());

function answerHere(reply: unknown) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) =>
    url === '/api/shops/10/here' && init?.method === 'PUT' ? json(200, reply) : json(404, { code: 'route_not_found' }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('Ik sta in deze winkel', () => {
  it('is not offered for a shop that has a place on the device', () => {
    renderPage('/shop/1/prospections/new', <HereInShop shopId={1} />, [[shopKeys.places, places]]);
    expect(screen.queryByRole('button', { name: 'Ik sta in deze winkel' })).toBeNull();
  });

  it("makes her phone's position the place of a shop without one, and says so", async () => {
    fakeLocation({ latitude: 51.0611, longitude: 3.7312, accuracy: 12 });
    const fetch = answerHere({ placed: true, place: { latitude: 51.0611, longitude: 3.7312, source: 'rep' } });
    const { queryClient } = renderPage('/shop/10/prospections/new', <HereInShop shopId={10} />, [[shopKeys.places, places]]);
    expect(
      screen.getByText('Prospectie bewaart je locatie enkel als ligging van deze winkel, en enkel als die er nog geen heeft.'),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Ik sta in deze winkel' }));
    expect(await screen.findByText('De ligging van de winkel is bewaard. Hij staat nu op de kaart.')).toBeVisible();
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/shops/10/here')!;
    expect(JSON.parse(String(init!.body))).toEqual({ latitude: 51.0611, longitude: 3.7312, accuracy: 12 });
    expect(queryClient.getQueryData(shopKeys.places)).toContainEqual([10, 51.0611, 3.7312]);
    expect(screen.queryByRole('button', { name: 'Ik sta in deze winkel' })).toBeNull();
  });

  it('says the shop keeps the place it already had', async () => {
    fakeLocation({ latitude: 51.0611, longitude: 3.7312 });
    answerHere({ placed: false, place: { latitude: 51.06, longitude: 3.73, source: 'import' } });
    renderPage('/shop/10/prospections/new', <HereInShop shopId={10} />, [[shopKeys.places, places]]);
    await userEvent.click(screen.getByRole('button', { name: 'Ik sta in deze winkel' }));
    expect(await screen.findByText('Deze winkel had al een ligging: die blijft.')).toBeVisible();
  });

  it('sends nothing when the position is too rough', async () => {
    fakeLocation({ latitude: 51.0611, longitude: 3.7312, accuracy: 900 });
    const fetch = answerHere({ placed: true, place: null });
    renderPage('/shop/10/prospections/new', <HereInShop shopId={10} />, [[shopKeys.places, places]]);
    await userEvent.click(screen.getByRole('button', { name: 'Ik sta in deze winkel' }));
    expect(await screen.findByText(/Je locatie is niet nauwkeurig genoeg \(tot op 900 m; ten hoogste 150 m\)/)).toBeVisible();
    expect(fetch).not.toHaveBeenCalledWith('/api/shops/10/here', expect.anything());
  });
});
