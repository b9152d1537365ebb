import { describe, expect, it } from 'vitest';
import { buildShopIndex, filterShops } from './shopSearch';

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
  it('needs every typed word to match somewhere', () => {
    expect(ids('marie antwerpen')).toEqual([2]);
    expect(ids('marie gent')).toEqual([]);
  });
  it('stays quick with 20,000 shops', () => {
    const many = Array.from({ length: 20000 }, (_, i) => ({ id: i + 1, name: `WINKEL ${i}`, city: i % 2 ? 'Gent' : 'Brugge', customer: `Klant ${i}` }));
    const big = buildShopIndex(many);
    const start = performance.now();
    expect(filterShops(big, 'winkel 1999 gent')).toHaveLength(7); // 1999, 11999 and the odd ones of 19990-19999
    expect(performance.now() - start).toBeLessThan(200);
  });
});
