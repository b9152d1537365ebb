// Addresses that hand a place or a round to the phone's maps app: Google Maps' URLs (maps/dir with api=1), which
// Android and iOS open in the Google Maps app when it is there and in the browser otherwise.
import type { Point } from './geo';

/** Waypoints one address may carry besides its start and end (Google Maps' URLs take at most 9; 8 leaves a margin). */
export const MAX_WAYPOINTS = 8;

const DIRECTIONS = 'https://www.google.com/maps/dir/';
/** Five decimals: about a metre, as the server keeps places. */
const at = (p: Point) => `${p.latitude.toFixed(5)},${p.longitude.toFixed(5)}`;

/** The way to one place, from wherever the phone is (the maps app asks it itself). */
export function directionsTo(to: Point): string {
  return `${DIRECTIONS}?${new URLSearchParams({ api: '1', destination: at(to), travelmode: 'driving' })}`;
}

/**
 * The round from `origin` through `stops` in their order, as one address per leg: each leg takes at most
 * `maxWaypoints` stops between its start and its end, and the next leg starts where the last one ended.
 */
export function routeLegs(origin: Point, stops: readonly Point[], maxWaypoints = MAX_WAYPOINTS): string[] {
  const legs: string[] = [];
  let start = origin;
  for (let from = 0; from < stops.length; from += maxWaypoints + 1) {
    const leg = stops.slice(from, from + maxWaypoints + 1);
    const destination = leg[leg.length - 1];
    const params = new URLSearchParams({ api: '1', origin: at(start), destination: at(destination) });
    if (leg.length > 1) params.set('waypoints', leg.slice(0, -1).map(at).join('|'));
    params.set('travelmode', 'driving');
    legs.push(`${DIRECTIONS}?${params}`);
    start = destination;
  }
  return legs;
}
