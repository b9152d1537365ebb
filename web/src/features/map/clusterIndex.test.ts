import { describe, expect, it } from 'vitest';
import { createClusterIndex } from './clusterIndex';
import { openClusterIndex } from './clusterClient';
import { buildMapPoints, DUE, MAP_STATUSES, NO_FILTER, PLANNED, type ShopStatusRows } from './mapPoints';
import type { ShopPlaces } from './geo';

// Ten shops in Gent's centre, three in Antwerp, one in Brussels.
const places: ShopPlaces = [
  ...Array.from({ length: 10 }, (_, i) => [i + 1, 51.05 + i * 0.001, 3.72 + i * 0.001] as const),
  [21, 51.22, 4.4],
  [22, 51.221, 4.401],
  [23, 51.222, 4.402],
  [31, 50.85, 4.35],
];
const statuses: ShopStatusRows = [
  [1, 'customer', 7],
  [2, 'interested', 7],
  [21, 'customer', 8],
  [31, null, null],
];
const belgium = { west: 2.5, south: 49.4, east: 6.4, north: 51.6 };
const status = (name: (typeof MAP_STATUSES)[number]) => MAP_STATUSES.indexOf(name);

describe("the map's shops", () => {
  const points = buildMapPoints(places, statuses, new Set([3, 21]), new Set([21, 22]));

  it('colours each shop by its status; a shop without one is a prospect, one the device does not know is unknown', () => {
    expect(points.statuses[0]).toBe(status('customer'));
    expect(points.statuses[13]).toBe(status('prospect'));
    expect(points.statuses[4]).toBe(status('unknown'));
  });

  it('marks what is due and what is planned (planned first: it is taken care of)', () => {
    expect(points.flags[2]).toBe(DUE);
    expect(points.flags[10]).toBe(PLANNED);
    expect(points.flags[11]).toBe(PLANNED);
    expect(points.flags[0]).toBe(0);
  });
});

describe('the clusters', () => {
  const points = buildMapPoints(places, statuses, new Set(), new Set());

  it("groups a city's shops when zoomed out and shows each shop when zoomed in", () => {
    const index = createClusterIndex();
    expect(index.load(points, NO_FILTER)).toEqual({ count: 14, bounds: [50.85, 3.72, 51.222, 4.402] });
    const far = index.items({ ...belgium, zoom: 7 });
    expect(far.filter((item) => item.kind === 'cluster').map((c) => c.kind === 'cluster' && c.count)).toEqual(
      expect.arrayContaining([10, 3]),
    );
    expect(far.find((item) => item.kind === 'shop')).toMatchObject({ shopId: 31, status: status('prospect') });
    const gent = index.items({ west: 3.7, south: 51.04, east: 3.74, north: 51.07, zoom: 18 });
    expect(gent.map((item) => item.kind === 'shop' && item.shopId).sort((a, b) => Number(a) - Number(b))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
  });

  it('zooms into a group until it falls apart', () => {
    const index = createClusterIndex();
    index.load(points, NO_FILTER);
    const cluster = index.items({ ...belgium, zoom: 7 }).find((item) => item.kind === 'cluster' && item.count === 10);
    expect(cluster?.kind === 'cluster' && index.expansionZoom(cluster.clusterId)).toBeGreaterThan(7);
  });

  it('leaves only the statuses and the rep filtered on', () => {
    const index = createClusterIndex();
    index.load(points, NO_FILTER);
    expect(index.filter({ statuses: ['customer'], rep: null })).toEqual({ count: 2, bounds: [51.05, 3.72, 51.22, 4.4] });
    expect(index.filter({ statuses: [], rep: 7 }).count).toBe(2);
    expect(index.filter({ statuses: ['customer'], rep: 8 }).count).toBe(1);
    expect(index.filter({ statuses: [], rep: 'nobody' }).count).toBe(1);
    expect(index.filter({ statuses: ['stopped'], rep: null })).toEqual({ count: 0, bounds: null });
    expect(index.items({ ...belgium, zoom: 7 })).toEqual([]);
  });

  it('lists the shops on screen nearest its centre first', () => {
    const index = createClusterIndex();
    index.load(points, NO_FILTER);
    const antwerp = index.inView({ west: 4.301, south: 51.121, east: 4.501, north: 51.321, zoom: 12 }, 1);
    expect(antwerp).toEqual({ shopIds: [22], total: 3 });
  });

  it('answers the same through the client where there are no workers', async () => {
    const client = openClusterIndex();
    expect(await client.call('load', points, NO_FILTER)).toMatchObject({ count: 14 });
    expect((await client.call('inView', { ...belgium, zoom: 7 }, 100)).total).toBe(14);
    client.close();
  });
});
