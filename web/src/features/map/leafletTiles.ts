// The tiles under both maps (the map page's and Beheer's pin map): the server's address (MAP_TILE_URL, decision 071)
// and its attribution, which Leaflet writes as HTML, so it is escaped here.
import L from 'leaflet';
import type { MapSettings } from '@prospectie/contract';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Leaflet's own credit, without the flag it draws by default. */
const LEAFLET_CREDIT = '<a href="https://leafletjs.com" target="_blank" rel="noopener noreferrer">Leaflet</a>';

/** A map as both screens make it: its credit set. */
export function createMap(element: HTMLElement, options: L.MapOptions): L.Map {
  const map = L.map(element, options);
  map.attributionControl.setPrefix(LEAFLET_CREDIT);
  return map;
}

/** Adds the tiles to `map`; the returned function takes them away again. */
export function addTiles(map: L.Map, { tileUrl, attribution }: MapSettings, onError?: () => void): () => void {
  const tiles = L.tileLayer(tileUrl, { attribution: escapeHtml(attribution), maxZoom: 19 });
  if (onError) tiles.on('tileerror', onError);
  tiles.addTo(map);
  return () => void tiles.remove();
}
