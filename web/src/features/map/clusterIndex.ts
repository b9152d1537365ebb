// The map's clusters (supercluster) over the shops a filter leaves: built in the cluster worker (clusterWorker.ts),
// since indexing 20,000 shops is a long task on a phone, or here on the page where there are no workers (tests).
import Supercluster, { type ClusterProperties } from 'supercluster';
import { passes, type MapFilter, type MapPoints } from './mapPoints';

/** What the map draws at a zoom: a group of shops with its count, or one shop. */
export type MapItem =
  | { kind: 'cluster'; clusterId: number; latitude: number; longitude: number; count: number }
  | { kind: 'shop'; shopId: number; latitude: number; longitude: number; status: number; flags: number };

/** The part of the map on screen, in degrees, and its zoom. */
export interface MapView {
  west: number;
  south: number;
  east: number;
  north: number;
  zoom: number;
}

export interface Filtered {
  /** Shops the filter leaves. */
  count: number;
  /** Their bounds [south, west, north, east], null when none is left. */
  bounds: [number, number, number, number] | null;
}

export interface InView {
  /** The shops on screen nearest to its centre, nearest first, at most as many as asked. */
  shopIds: number[];
  /** All the shops on screen. */
  total: number;
}

/** Clusters stop at this zoom: beyond it every shop is drawn on its own (a street's width on screen). */
const MAX_CLUSTER_ZOOM = 16;
/** A group's reach on screen, in pixels. */
const CLUSTER_RADIUS = 60;

export function createClusterIndex() {
  let points: MapPoints | null = null;
  /** Indexes into `points` of the shops the filter leaves. */
  let shown: number[] = [];
  let index: Supercluster<{ i: number }> | null = null;

  function filter(by: MapFilter): Filtered {
    shown = [];
    index = null;
    if (!points) return { count: 0, bounds: null };
    const { latitudes, longitudes } = points;
    let south = 90;
    let west = 180;
    let north = -90;
    let east = -180;
    for (let i = 0; i < points.ids.length; i++) {
      if (!passes(points, i, by)) continue;
      shown.push(i);
      south = Math.min(south, latitudes[i]);
      north = Math.max(north, latitudes[i]);
      west = Math.min(west, longitudes[i]);
      east = Math.max(east, longitudes[i]);
    }
    index = new Supercluster<{ i: number }>({ radius: CLUSTER_RADIUS, maxZoom: MAX_CLUSTER_ZOOM }).load(
      shown.map((i) => ({ type: 'Feature', properties: { i }, geometry: { type: 'Point', coordinates: [longitudes[i], latitudes[i]] } })),
    );
    return { count: shown.length, bounds: shown.length ? [south, west, north, east] : null };
  }

  function items(view: MapView): MapItem[] {
    if (!index || !points) return [];
    const found = index.getClusters([view.west, view.south, view.east, view.north], Math.round(view.zoom));
    return found.map((feature) => {
      const [longitude, latitude] = feature.geometry.coordinates;
      const properties = feature.properties as Partial<ClusterProperties> & { i?: number };
      if (properties.cluster) {
        return { kind: 'cluster', clusterId: properties.cluster_id!, latitude, longitude, count: properties.point_count! };
      }
      const i = properties.i!;
      return { kind: 'shop', shopId: points!.ids[i], latitude, longitude, status: points!.statuses[i], flags: points!.flags[i] };
    });
  }

  /** The zoom at which a group falls apart. */
  function expansionZoom(clusterId: number): number {
    return index ? Math.min(index.getClusterExpansionZoom(clusterId), MAX_CLUSTER_ZOOM + 1) : MAX_CLUSTER_ZOOM + 1;
  }

  function inView(view: MapView, limit: number): InView {
    if (!points) return { shopIds: [], total: 0 };
    const { latitudes, longitudes, ids } = points;
    const centreLat = (view.south + view.north) / 2;
    const centreLon = (view.west + view.east) / 2;
    const squeeze = Math.cos((centreLat * Math.PI) / 180) ** 2;
    const on: { id: number; d: number }[] = [];
    for (const i of shown) {
      const lat = latitudes[i];
      const lon = longitudes[i];
      if (lat < view.south || lat > view.north || lon < view.west || lon > view.east) continue;
      on.push({ id: ids[i], d: (lat - centreLat) ** 2 + squeeze * (lon - centreLon) ** 2 });
    }
    on.sort((a, b) => a.d - b.d || a.id - b.id);
    return { shopIds: on.slice(0, limit).map((s) => s.id), total: on.length };
  }

  return {
    load(all: MapPoints, by: MapFilter): Filtered {
      points = all;
      return filter(by);
    },
    filter,
    items,
    expansionZoom,
    inView,
  };
}

export type ClusterIndex = ReturnType<typeof createClusterIndex>;
