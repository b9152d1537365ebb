import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShopsWithoutPlacePage } from '@prospectie/contract';
import { json } from '../../test/renderPage';
import { adminMe, setWindowNarrow } from './fakeAdminServer';
import { fill, renderAdmin } from './renderAdmin';

// The pin map's code loads with the dialog; read here first so its first transform is no part of a test's wait.
beforeAll(() => import('../map').then((map) => map.pinMapCode()));
beforeEach(() => setWindowNarrow(false));
afterEach(() => vi.unstubAllGlobals());

const shop = (shopId: number, name: string, city: string | null = 'Gent') => ({
  shopId,
  name,
  street: 'Veldstraat 1',
  postalCode: '9000',
  city,
});

/** The server's list of shops without a place, 50 a page, and the pins it is sent. */
function serve(all: ShopsWithoutPlacePage['shops']) {
  const pinned: { id: number; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const { pathname, searchParams } = new URL(url, 'http://localhost');
      if (pathname === '/api/me') return json(200, adminMe);
      const pin = /^\/api\/admin\/shops\/(\d+)\/place$/.exec(pathname);
      if (pin && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { latitude: number; longitude: number };
        pinned.push({ id: Number(pin[1]), body });
        return json(200, { ...body, source: 'beheerder' });
      }
      if (pathname === '/api/admin/shops/without-place') {
        const left = all.filter((s) => !pinned.some((p) => p.id === s.shopId));
        const after = Number(searchParams.get('after') ?? 0);
        const page = left.filter((s) => s.shopId > after).slice(0, Number(searchParams.get('limit')));
        const more = left.some((s) => s.shopId > (page.at(-1)?.shopId ?? Infinity));
        return json(200, { shops: page, total: left.length, nextAfter: more ? page.at(-1)!.shopId : null });
      }
      return json(404, { code: 'route_not_found' });
    }),
  );
  return pinned;
}

describe('Winkels zonder ligging', () => {
  it('lists the shops without a place page by page, saying how many there are', async () => {
    serve(Array.from({ length: 60 }, (_, i) => shop(i + 1, `Winkel ${i + 1}`)));
    renderAdmin('/beheer/liggingen');
    expect(await screen.findByRole('heading', { level: 1, name: 'Winkels zonder ligging' })).toBeVisible();
    expect(await screen.findByText('50 van 60 winkels zonder ligging.')).toBeVisible();
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Winkel 1Veldstraat 1, 9000 GentSpeld zetten');
    await userEvent.click(screen.getByRole('button', { name: 'Meer laden' }));
    expect(await screen.findByText('60 van 60 winkels zonder ligging.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Liggingen' })).toHaveAttribute('aria-current', 'page');
  });

  it('pins a shop by typed coordinates, for a keyboard, and takes it off the list', async () => {
    const pinned = serve([shop(1, 'Mode Sofie'), shop(2, 'Schoenen Peeters')]);
    renderAdmin('/beheer/liggingen');
    await userEvent.click(await screen.findByRole('button', { name: 'Speld zetten voor Mode Sofie' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ligging van Mode Sofie' });
    expect(await within(dialog).findByRole('region', { name: 'Kaart om de speld van Mode Sofie te zetten' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bewaren' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Zet eerst de speld op de kaart, of typ de breedtegraad en lengtegraad.');
    await fill(within(dialog).getByLabelText('Breedtegraad'), '51,0543');
    await fill(within(dialog).getByLabelText('Lengtegraad'), '373');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bewaren' }));
    expect(within(dialog).getByText('Geef een lengtegraad tussen -180 en 180, bv. 3,71740.')).toBeVisible();
    await userEvent.clear(within(dialog).getByLabelText('Lengtegraad'));
    await fill(within(dialog).getByLabelText('Lengtegraad'), '3.7174');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bewaren' }));
    expect(await screen.findByText('De ligging van Mode Sofie is bewaard.')).toBeVisible();
    expect(pinned).toEqual([{ id: 1, body: { latitude: 51.0543, longitude: 3.7174 } }]);
    expect(await screen.findByText('1 van 1 winkel zonder ligging.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Speld zetten voor Mode Sofie' })).toBeNull();
  });

  it('says so when every shop has a place', async () => {
    serve([]);
    renderAdmin('/beheer/liggingen');
    expect(await screen.findByText('Elke winkel heeft een ligging.')).toBeVisible();
  });

  it('shows cards on a phone', async () => {
    setWindowNarrow(true);
    serve([shop(1, 'Mode Sofie', null)]);
    renderAdmin('/beheer/liggingen');
    const card = (await screen.findByRole('heading', { name: 'Mode Sofie' })).closest('li')!;
    expect(card).toHaveTextContent('Veldstraat 1, 9000');
    expect(within(card).getByRole('button', { name: 'Speld zetten voor Mode Sofie' })).toBeVisible();
  });
});
