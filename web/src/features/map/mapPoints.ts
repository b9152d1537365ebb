// The map's shops as compact columns (id, place, status, due/planned, rep), made from what the device keeps: the
// places, each placed shop's status and rep, and the rep's own plans. Columns of numbers go to the cluster worker in
// one copy, and filter without a new object per shop.
import { PIPELINE_STATUSES, type PipelineStatus } from '@prospectie/contract/pipeline';
import type { ShopPlaces } from './geo';

/** The colours a shop can have on the map: its furthest stage, `prospect` when it has none, `unknown` when the device does not know. */
export const MAP_STATUSES = ['prospect', ...PIPELINE_STATUSES, 'unknown'] as const;
export type MapStatus = (typeof MAP_STATUSES)[number];
/** The statuses a rep can filter on (not `unknown`: that is the device's ignorance, not a shop's stage). */
export const FILTER_STATUSES = MAP_STATUSES.filter((s): s is Exclude<MapStatus, 'unknown'> => s !== 'unknown');
const statusCode = new Map<MapStatus, number>(MAP_STATUSES.map((s, i) => [s, i]));
const UNKNOWN = statusCode.get('unknown')!;

/** Flags of a shop: in her Te bezoeken list, or a visit of hers is planned there. */
export const DUE = 1;
export const PLANNED = 2;

/** A rep's id where the shop has none assigned, and where the device does not know. */
export const NOBODY = 0;
export const REP_UNKNOWN = -1;

export interface MapPoints {
  ids: Int32Array;
  latitudes: Float64Array;
  longitudes: Float64Array;
  /** An index into MAP_STATUSES. */
  statuses: Uint8Array;
  flags: Uint8Array;
  reps: Int32Array;
}

/** [id, status, assigned rep's employee id] of GET /api/map/shops. */
export type ShopStatusRows = readonly (readonly [number, PipelineStatus | null, number | null])[];

export function buildMapPoints(
  places: ShopPlaces,
  statusRows: ShopStatusRows | undefined,
  due: ReadonlySet<number>,
  planned: ReadonlySet<number>,
): MapPoints {
  const n = places.length;
  const points: MapPoints = {
    ids: new Int32Array(n),
    latitudes: new Float64Array(n),
    longitudes: new Float64Array(n),
    statuses: new Uint8Array(n).fill(UNKNOWN),
    flags: new Uint8Array(n),
    reps: new Int32Array(n).fill(REP_UNKNOWN),
  };
  const row = new Map<number, number>();
  places.forEach(([id, latitude, longitude], i) => {
    points.ids[i] = id;
    points.latitudes[i] = latitude;
    points.longitudes[i] = longitude;
    points.flags[i] = (planned.has(id) ? PLANNED : due.has(id) ? DUE : 0) as number;
    row.set(id, i);
  });
  for (const [id, status, rep] of statusRows ?? []) {
    const i = row.get(id);
    if (i === undefined) continue;
    points.statuses[i] = statusCode.get(status ?? 'prospect')!;
    points.reps[i] = rep ?? NOBODY;
  }
  return points;
}

export interface MapFilter {
  /** The statuses shown; every one when empty. */
  statuses: readonly MapStatus[];
  /** One rep's shops (her employee id), the shops of nobody, or everyone's. */
  rep: number | 'nobody' | null;
}

export const NO_FILTER: MapFilter = { statuses: [], rep: null };

/** Whether shop `i` shows under `filter`. */
export function passes(points: MapPoints, i: number, filter: MapFilter): boolean {
  if (filter.statuses.length > 0 && !filter.statuses.includes(MAP_STATUSES[points.statuses[i]])) return false;
  if (filter.rep === 'nobody') return points.reps[i] === NOBODY;
  if (filter.rep !== null) return points.reps[i] === filter.rep;
  return true;
}
