import { describe, expect, it } from 'vitest';
import type { Point } from './geo';
import { orderStops, roundLengthKm } from './routeOrder';

/** Points on a plane, so the expected rounds can be worked out by hand. */
const flat = (a: Point, b: Point) => Math.hypot(a.latitude - b.latitude, a.longitude - b.longitude);
const stop = (name: string, latitude: number, longitude: number) => ({ name, latitude, longitude });
const names = (stops: { name: string }[]) => stops.map((s) => s.name).join(' ');

describe("the order of the day's visits", () => {
  it('drives along a street in order, whatever order they were planned in', () => {
    const stops = [stop('c', 0, 3), stop('a', 0, 1), stop('d', 0, 4), stop('b', 0, 2)];
    expect(names(orderStops({ latitude: 0, longitude: 0 }, stops, flat))).toBe('a b c d');
  });

  it('untangles the crossing nearest neighbour leaves behind (2-opt)', () => {
    // Zigzagging stops: whatever nearest neighbour makes of them, the round given is no longer and never crosses itself.
    const origin = { latitude: 0, longitude: 0 };
    const stops = [stop('a', 0, 1), stop('b', 1.1, 2), stop('c', 0, 2.2), stop('d', 1.1, 3.3), stop('e', 0, 3.5)];
    const greedy = [stops[0], stops[1], stops[2], stops[3], stops[4]];
    const ordered = orderStops(origin, stops, flat);
    expect(roundLengthKm(origin, ordered, flat)).toBeLessThanOrEqual(roundLengthKm(origin, greedy, flat) + 1e-9);
    // No two legs of the round cross.
    const legs = [origin, ...ordered].slice(0, -1).map((p, i) => [p, ordered[i]] as const);
    const cross = (p: readonly [Point, Point], q: readonly [Point, Point]) => {
      const side = (a: Point, b: Point, c: Point) =>
        Math.sign((b.longitude - a.longitude) * (c.latitude - a.latitude) - (b.latitude - a.latitude) * (c.longitude - a.longitude));
      return side(p[0], p[1], q[0]) * side(p[0], p[1], q[1]) < 0 && side(q[0], q[1], p[0]) * side(q[0], q[1], p[1]) < 0;
    };
    for (let i = 0; i < legs.length; i++) for (let j = i + 2; j < legs.length; j++) expect(cross(legs[i], legs[j])).toBe(false);
  });

  it('is never longer than nearest neighbour alone, over many random days', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let day = 0; day < 200; day++) {
      const origin = { latitude: random(), longitude: random() };
      const stops = Array.from({ length: 3 + Math.floor(random() * 8) }, (_, i) => stop(String(i), random(), random()));
      const ordered = orderStops(origin, stops, flat);
      expect(new Set(ordered)).toEqual(new Set(stops));
      // Nearest neighbour's own round, for comparison.
      const left = [...stops];
      const greedy = [];
      let at: Point = origin;
      while (left.length) {
        left.sort((a, b) => flat(at, a) - flat(at, b));
        at = left.shift()!;
        greedy.push(at);
      }
      expect(roundLengthKm(origin, ordered, flat)).toBeLessThanOrEqual(roundLengthKm(origin, greedy, flat) + 1e-9);
    }
  });

  it('keeps one stop, and no stops, as they are', () => {
    expect(names(orderStops({ latitude: 0, longitude: 0 }, [stop('a', 5, 5)], flat))).toBe('a');
    expect(orderStops({ latitude: 0, longitude: 0 }, [], flat)).toEqual([]);
  });

  it('keeps visits at the same shop in the order they were planned', () => {
    const stops = [stop('first', 0, 2), stop('second', 0, 2), stop('near', 0, 1)];
    expect(names(orderStops({ latitude: 0, longitude: 0 }, stops, flat))).toBe('near first second');
  });
});
