import { describe, expect, it } from 'vitest';
import { buildShopIndex, buildShopIndexInSlices, filterShops, searchShops } from './shopSearch';

const shops = [
  { id: 1, name: 'BOETIEK LILA', city: 'Gent', customer: 'Lila bv' },
  { id: 2, name: 'MODE MARIE', city: 'Antwerpen', customer: 'Janssens nv' },
  { id: 3, name: '', city: 'Gent', customer: 'Zonder naam' },
  { id: 0, name: 'ZONDER ID', city: 'Gent', customer: null },
  { id: 4, name: 'STIJL', city: null, customer: null },
];

describe('buildShopIndex', () => {
  it('lists only shops that have an id and a name', () => {
    expect(buildShopIndex(shops).map((i) => i.shop.id)).toEqual([1, 2, 4]);
  });
});

describe('buildShopIndexInSlices', () => {
  const many = Array.from({ length: 5000 }, (_, i) => ({
    id: i,
    name: i % 7 ? `WINKEL ${i} Überlingen` : '',
    city: 'Gent',
    customer: null,
  }));

  it('builds the same index as buildShopIndex, giving the page its turn between slices', async () => {
    let turns = 0;
    const index = await buildShopIndexInSlices(many, () => false, {
      sliceMs: 0,
      yieldToPage: async () => {
        turns++;
      },
    });
    expect(index).toEqual(buildShopIndex(many));
    // A slice of 0 ms still indexes 100 shops before it looks at the clock: 50 slices for 5,000 shops.
    expect(turns).toBe(50);
  });

  it('stops, and gives no index, once it is cancelled between two slices', async () => {
    let turns = 0;
    const index = await buildShopIndexInSlices(many, () => turns > 3, {
      sliceMs: 0,
      yieldToPage: async () => {
        turns++;
      },
    });
    expect(index).toBeNull();
    expect(turns).toBe(4);
  });
});

describe('filterShops', () => {
  const index = buildShopIndex(shops);
  const ids = (query: string) => filterShops(index, query).map((s) => s.id);

  it('lists every listed shop while nothing is typed', () => {
    expect(ids('  ')).toEqual([1, 2, 4]);
  });
  it('finds a shop by name, by city and by customer, ignoring case', () => {
    expect(ids('lila')).toEqual([1]);
    expect(ids('ANTWERP')).toEqual([2]);
    expect(ids('janssens')).toEqual([2]);
  });
  it('ignores accents both ways: peruwelz finds Péruwelz, and Ç or é typed finds the plain letter', () => {
    const accented = buildShopIndex([
      { id: 7, name: 'MODE CÉLINE', city: 'Péruwelz', customer: 'Façade bv' },
      { id: 8, name: 'BOETIEK ZOË', city: 'Leuven', customer: null },
    ]);
    const found = (query: string) => filterShops(accented, query).map((s) => s.id);
    expect(found('peruwelz')).toEqual([7]);
    expect(found('PERUWELZ celine')).toEqual([7]);
    expect(found('facade')).toEqual([7]);
    expect(found('zoe')).toEqual([8]);
    expect(found('zoë')).toEqual([8]);
    expect(filterShops(index, 'gént').map((s) => s.id)).toEqual([1]);
  });
  it('needs every typed word to match somewhere', () => {
    expect(ids('marie antwerpen')).toEqual([2]);
    expect(ids('marie gent')).toEqual([]);
  });
  // How fast it is on a phone is measured by `npm run bench` (bench/web.ts), not by this machine's clock.
  it('finds exactly the matching shops among 20,000', () => {
    const many = Array.from({ length: 20000 }, (_, i) => ({
      id: i + 1,
      name: `WINKEL ${i}`,
      city: i % 2 ? 'Gent' : 'Brugge',
      customer: `Klant ${i}`,
    }));
    const big = buildShopIndex(many);
    // WINKEL 1999, 11999 and the odd ones of 19990-19999 (Gent is every odd number).
    expect(filterShops(big, 'winkel 1999 gent').map((s) => s.name)).toEqual([
      'WINKEL 1999',
      'WINKEL 11999',
      'WINKEL 19991',
      'WINKEL 19993',
      'WINKEL 19995',
      'WINKEL 19997',
      'WINKEL 19999',
    ]);
  });
});

describe('searchShops while typing on', () => {
  const index = buildShopIndex(shops);
  const ids = (search: ReturnType<typeof searchShops>) => search.matches.map((m) => m.shop.id);

  it('finds the same shops whether or not it starts from the previous search', () => {
    let previous = searchShops(index, '');
    for (const query of ['m', 'ma', 'mar', 'marie', 'marie ', 'marie a', 'marie an', 'mari an', 'mode', 'gent', 'gent lila', 'x']) {
      const search = searchShops(index, query, previous);
      expect(ids(search), query).toEqual(ids(searchShops(index, query)));
      previous = search;
    }
  });
  it('only looks again through the previous matches when the query narrows them', () => {
    // Pretend 'gent' found nothing: a narrower query looks no further, a wider one or another index does.
    const previous = { index, words: ['gent'], matches: [] };
    expect(ids(searchShops(index, 'gent lila', previous))).toEqual([]);
    expect(ids(searchShops(index, 'gen', previous))).toEqual([1]);
    expect(ids(searchShops(index, 'gent', { ...previous, index: buildShopIndex(shops) }))).toEqual([1]);
  });
});
