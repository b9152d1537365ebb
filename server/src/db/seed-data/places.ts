// Where the demo's Belgian shops are (decision 071): the centre of a few cities a rep knows, else of the region its
// postal code belongs to, a few kilometres around it. Approximate by design; the demo's Dutch and French shops get no
// place, so Beheer's list of shops without one has something to show. Pure data, no side effects.

/** Centres of cities the demo's reps work in (latitude, longitude). */
const CITY_CENTRES: Record<string, [number, number]> = {
  '1000': [50.8467, 4.3525], // Brussel
  '2000': [51.2194, 4.4025], // Antwerpen
  '2800': [51.0259, 4.4776], // Mechelen
  '3000': [50.8798, 4.7005], // Leuven
  '3500': [50.9307, 5.3325], // Hasselt
  '8000': [51.2093, 3.2247], // Brugge
  '8500': [50.828, 3.2649], // Kortrijk
  '9000': [51.0543, 3.7174], // Gent
  '9300': [50.937, 4.0403], // Aalst
};

/** The first postal code of a region and its centre: Belgian postal codes run by province. */
const REGIONS: [number, [number, number]][] = [
  [1000, [50.85, 4.36]], // Brussel
  [1300, [50.68, 4.6]], // Waals-Brabant
  [1500, [50.85, 4.25]], // Vlaams-Brabant (west)
  [2000, [51.2, 4.5]], // Antwerpen
  [3000, [50.88, 4.75]], // Vlaams-Brabant (oost)
  [3500, [50.98, 5.4]], // Limburg
  [4000, [50.6, 5.6]], // Luik
  [5000, [50.45, 4.9]], // Namen
  [6000, [50.4, 4.4]], // Henegouwen (oost)
  [6600, [49.9, 5.5]], // Luxemburg
  [7000, [50.5, 3.9]], // Henegouwen (west)
  [8000, [51.0, 3.0]], // West-Vlaanderen
  [9000, [51.0, 3.8]], // Oost-Vlaanderen
];

/** A place near the shop's Belgian postal code: within about 3 km of a city centre, 12 km of a region's. */
export function demoPlace(postalCode: string, next: () => number): { latitude: number; longitude: number } | null {
  const code = Number(postalCode);
  if (!Number.isInteger(code) || code < 1000 || code > 9999) return null;
  const city = CITY_CENTRES[postalCode];
  const [latitude, longitude] = city ?? REGIONS.filter(([from]) => from <= code).at(-1)![1];
  const spread = city ? 0.03 : 0.12;
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return { latitude: round(latitude + (next() - 0.5) * spread), longitude: round(longitude + (next() - 0.5) * spread * 1.6) };
}
