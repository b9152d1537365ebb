import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShopPhoto, ShopPhotoPage } from '@prospectie/contract';
import { json, renderPage } from '../../test/renderPage';
import { byVisit, ShopPhotos } from './ShopPhotos';

const photo = (id: string, visitId: number, details: Partial<ShopPhoto> = {}): ShopPhoto => ({
  id,
  caption: null,
  brand: null,
  competitorBrand: null,
  width: 1600,
  height: 1200,
  createdAt: '2026-09-12T10:00:00Z',
  url: `/api/photos/${id}`,
  thumbUrl: `/api/photos/${id}/thumb`,
  visitId,
  visitDate: visitId === 2 ? '2026-09-12' : '2026-03-04',
  employeeName: 'Sofie Janssens',
  ...details,
});

function serve(pages: Record<string, ShopPhotoPage>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const before = new URL(url, 'http://x').searchParams.get('before') ?? '';
      return json(200, pages[before]);
    }),
  );
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe("the shop's Foto's timeline", () => {
  it('groups the pictures by visit in the order the server gave them (newest visit first)', () => {
    const groups = byVisit([photo('a', 2), photo('b', 2), photo('c', 1)]);
    expect(groups.map((g) => [g.visitId, g.photos.map((p) => [p.photo.id, p.index])])).toEqual([
      [
        2,
        [
          ['a', 0],
          ['b', 1],
        ],
      ],
      [1, [['c', 2]]],
    ]);
  });

  it("shows each visit's date, rep, captions and tags with a link to the visit, and loads more on request", async () => {
    const asked = serve({
      '': {
        photos: [photo('a', 2, { caption: 'Etalage september', brand: { id: 3, name: 'Atelier Seventy' } })],
        nextCursor: '2026-09-12_2_1',
      },
      '2026-09-12_2_1': { photos: [photo('c', 1, { caption: 'Etalage maart' })], nextCursor: null },
    });
    renderPage('/shop/:shopId', <ShopPhotos shopId={5} />);
    const september = await screen.findByRole('region', { name: /12\/09\/2026 · Sofie Janssens/ });
    expect(within(september).getByText('Etalage september')).toBeInTheDocument();
    expect(within(september).getByText('Atelier Seventy')).toBeInTheDocument();
    expect(within(september).getByRole('link', { name: 'Bekijk bezoek' })).toHaveAttribute('href', '/shop/5/prospections/2');
    expect(september.querySelector('img')).toHaveAttribute('loading', 'lazy');

    await userEvent.click(screen.getByRole('button', { name: "Meer foto's laden" }));
    expect(await screen.findByRole('region', { name: /04\/03\/2026/ })).toHaveTextContent('Etalage maart');
    expect(screen.queryByRole('button', { name: "Meer foto's laden" })).not.toBeInTheDocument();
    expect(asked[1]).toContain('before=2026-09-12_2_1');
  });

  it('says so in Dutch when the shop has no pictures yet', async () => {
    serve({ '': { photos: [], nextCursor: null } });
    renderPage('/shop/:shopId', <ShopPhotos shopId={5} />);
    await waitFor(() => expect(screen.getByText(/Nog geen foto's van deze winkel/)).toBeInTheDocument());
  });
});
