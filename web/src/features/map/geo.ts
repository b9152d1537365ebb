// Distances on the earth's surface, as the crow flies: enough to say which shops are near and to order a day's few
// visits (docs/decisions/071-shop-coordinates-and-location.md); roads are the phone's maps app's business.

export interface Point {
  latitude: number;
  longitude: number;
}

/** Every placed shop as the device keeps it (GET /api/shops/places): [id, latitude, longitude]. */
export type ShopPlaces = readonly (readonly [number, number, number])[];

/** The mean radius of the earth (IUGG), in km. */
const EARTH_RADIUS_KM = 6371.0088;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points, in km (haversine). */
export function distanceKm(a: Point, b: Point): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface NearShop {
  shopId: number;
  distanceKm: number;
}

/** The `count` shops nearest to `from`, nearest first (equal distances by id, so the order never flickers). */
export function nearestShops(places: ShopPlaces, from: Point, count: number): NearShop[] {
  const near: NearShop[] = [];
  // One pass keeping the best `count`: 20,000 shops need no sort of them all.
  for (const [shopId, latitude, longitude] of places) {
    const distance = distanceKm(from, { latitude, longitude });
    if (near.length === count && distance >= near[near.length - 1].distanceKm) continue;
    let at = near.length;
    while (at > 0 && (near[at - 1].distanceKm > distance || (near[at - 1].distanceKm === distance && near[at - 1].shopId > shopId))) at--;
    near.splice(at, 0, { shopId, distanceKm: distance });
    if (near.length > count) near.pop();
  }
  return near;
}

/** The place of each shop by id. */
export function placesById(places: ShopPlaces): Map<number, Point> {
  return new Map(places.map(([id, latitude, longitude]) => [id, { latitude, longitude }]));
}
