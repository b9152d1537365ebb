// The order of a day's visits as a short round from where the rep stands: nearest neighbour, then 2-opt, on straight
// lines (docs/decisions/071-shop-coordinates-and-location.md). For the 5–10 stops of a day that is within a few per cent
// of the best round; the phone's maps app then drives it on roads.
import { distanceKm, type Point } from './geo';

/** Below this (km) a 2-opt move is no improvement: rounding must not make it swap back and forth. */
const GAIN_KM = 1e-9;

/**
 * The stops in the order to drive them, starting at `origin` and ending wherever the round ends best (no way back).
 * Stops at the same place stay in the order given.
 */
export function orderStops<S extends Point>(
  origin: Point,
  stops: readonly S[],
  distance: (a: Point, b: Point) => number = distanceKm,
): S[] {
  // Nearest neighbour: each next stop the closest not yet visited (the first given on a tie).
  const left = [...stops];
  const path: S[] = [];
  let at: Point = origin;
  while (left.length > 0) {
    let best = 0;
    for (let i = 1; i < left.length; i++) if (distance(at, left[i]) < distance(at, left[best])) best = i;
    at = left[best];
    path.push(...left.splice(best, 1));
  }
  // 2-opt on the open path origin → path[0] → … → path[n-1]: reverse path[i..k] while that shortens it.
  const point = (index: number): Point => (index < 0 ? origin : path[index]);
  let improved = true;
  while (improved) {
    improved = false;
    for (let i = 0; i < path.length - 1; i++) {
      for (let k = i + 1; k < path.length; k++) {
        const before = distance(point(i - 1), path[i]) + (k + 1 < path.length ? distance(path[k], path[k + 1]) : 0);
        const after = distance(point(i - 1), path[k]) + (k + 1 < path.length ? distance(path[i], path[k + 1]) : 0);
        if (after < before - GAIN_KM) {
          path.splice(i, k - i + 1, ...path.slice(i, k + 1).reverse());
          improved = true;
        }
      }
    }
  }
  return path;
}

/** How long the round is, in km, from `origin` through the stops in their order. */
export function roundLengthKm(origin: Point, stops: readonly Point[], distance: (a: Point, b: Point) => number = distanceKm): number {
  let total = 0;
  let at = origin;
  for (const stop of stops) {
    total += distance(at, stop);
    at = stop;
  }
  return total;
}
