import { describe, expect, it } from 'vitest';
import { directionsTo, MAX_WAYPOINTS, routeLegs } from './mapsLinks';

const here = { latitude: 51.054, longitude: 3.72 };
const stops = Array.from({ length: 20 }, (_, i) => ({ latitude: 51 + i / 100, longitude: 3.7 + i / 100 }));
const param = (url: string, name: string) => new URL(url).searchParams.get(name);

describe("the maps app's addresses", () => {
  it('opens the way to a shop in Google Maps, from wherever the phone is', () => {
    const url = directionsTo({ latitude: 51.0543, longitude: 3.717412 });
    expect(url.startsWith('https://www.google.com/maps/dir/?api=1&')).toBe(true);
    expect(param(url, 'destination')).toBe('51.05430,3.71741');
    expect(param(url, 'origin')).toBeNull();
  });

  it('hands a short round over in one address, its stops in order', () => {
    const [leg, ...more] = routeLegs(here, stops.slice(0, 3));
    expect(more).toEqual([]);
    expect(param(leg, 'origin')).toBe('51.05400,3.72000');
    expect(param(leg, 'waypoints')).toBe('51.00000,3.70000|51.01000,3.71000');
    expect(param(leg, 'destination')).toBe('51.02000,3.72000');
    expect(param(leg, 'travelmode')).toBe('driving');
  });

  it('has no waypoints for a single stop', () => {
    const [leg] = routeLegs(here, stops.slice(0, 1));
    expect(param(leg, 'waypoints')).toBeNull();
    expect(param(leg, 'destination')).toBe('51.00000,3.70000');
  });

  it('hands over a long day in legs of at most 8 waypoints, each starting where the last one ended', () => {
    const legs = routeLegs(here, stops.slice(0, 18));
    expect(legs).toHaveLength(2);
    expect(param(legs[0], 'waypoints')!.split('|')).toHaveLength(MAX_WAYPOINTS);
    expect(param(legs[0], 'destination')).toBe('51.08000,3.78000');
    expect(param(legs[1], 'origin')).toBe('51.08000,3.78000');
    expect(param(legs[1], 'waypoints')!.split('|')).toHaveLength(MAX_WAYPOINTS);
    expect(param(legs[1], 'destination')).toBe('51.17000,3.87000');
    const third = routeLegs(here, stops);
    expect(third).toHaveLength(3);
    expect(param(third[2], 'origin')).toBe('51.17000,3.87000');
    expect(param(third[2], 'waypoints')).toBe('51.18000,3.88000');
    expect(param(third[2], 'destination')).toBe('51.19000,3.89000');
  });

  it('has nothing to hand over without stops', () => {
    expect(routeLegs(here, [])).toEqual([]);
  });
});
