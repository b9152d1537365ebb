// The map itself (Leaflet): the tiles from the server's setting, and on every move the clusters and shops of the part
// on screen, asked of the cluster index (clusterClient.ts) and drawn as focusable pins (Enter opens a shop, as a tap).
import { useEffect, useRef, type RefObject } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { MapSettings } from '@prospectie/contract';
import { nlMap } from '../../i18n/nlMap';
import type { ClusterClient } from './clusterClient';
import type { MapItem, MapView } from './clusterIndex';
import type { Point } from './geo';
import { addTiles, createMap } from './leafletTiles';
import { DUE, PLANNED } from './mapPoints';

/** Before any shop is drawn: Belgium. */
const START: L.LatLngTuple = [50.6, 4.6];
const START_ZOOM = 8;
/** A pin's and a group's box: a finger's width (the dot inside is smaller). */
const TAP = 44;
/** Shops just off screen are drawn too, so a short pan shows no empty edge. */
const MARGIN = 0.25;

export type ShopItem = Extract<MapItem, { kind: 'shop' }>;

export interface MapControl {
  /** Brings a shop into view (from the list), zoomed in far enough to see it on its own. */
  showShop(point: Point): void;
}

interface Props {
  settings: MapSettings | undefined;
  index: ClusterClient;
  /** Changes whenever every pin must be drawn anew: the index built again (other shops, another filter), names arrived. */
  drawKey: string;
  /** The bounds to show [south, west, north, east], whenever `fitKey` changes. */
  fitTo: [number, number, number, number] | null;
  fitKey: number;
  /** A shop pin's look (its colour) and its name for a screen reader. */
  pinLook: (item: ShopItem) => Partial<CSSStyleDeclaration>;
  pinLabel: (item: ShopItem) => string;
  selectedShopId: number | null;
  onSelectShop: (shopId: number) => void;
  onView: (view: MapView) => void;
  onTileError: () => void;
  control: RefObject<MapControl | null>;
}

const viewOf = (bounds: L.LatLngBounds, zoom: number): MapView => ({
  west: bounds.getWest(),
  south: bounds.getSouth(),
  east: bounds.getEast(),
  north: bounds.getNorth(),
  zoom,
});

function pinElement(item: ShopItem, look: Partial<CSSStyleDeclaration>): HTMLElement {
  const pin = document.createElement('span');
  pin.className = 'map-pin';
  const dot = document.createElement('span');
  dot.className = 'map-pin-dot';
  Object.assign(dot.style, look);
  pin.append(dot);
  if (item.flags & (DUE | PLANNED)) {
    const mark = document.createElement('span');
    mark.className = item.flags & PLANNED ? 'map-pin-planned' : 'map-pin-due';
    pin.append(mark);
  }
  return pin;
}

function clusterElement(count: number): HTMLElement {
  const group = document.createElement('span');
  group.className = 'map-cluster';
  const label = document.createElement('span');
  label.textContent = count >= 1000 ? `${Math.floor(count / 1000)}k` : String(count);
  group.append(label);
  return group;
}

export function LeafletMap(props: Props) {
  const { settings, index, drawKey, fitTo, fitKey, selectedShopId, control } = props;
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  const markers = useRef(new Map<string, L.Marker>());
  // Leaflet's handlers read the latest props without being bound again.
  const latest = useRef(props);
  latest.current = props;
  const request = useRef(0);
  // Another index drew nothing yet: its groups' ids mean other groups, so the next answer replaces every marker, in the
  // same task that adds the new ones (cleared first, the map stood empty for a frame or more: the groups flickered).
  const replaceAll = useRef(false);

  const refresh = useRef(async () => {
    const map = mapRef.current;
    const layer = layerRef.current;
    if (!map || !layer) return;
    const asked = ++request.current;
    const zoom = map.getZoom();
    latest.current.onView(viewOf(map.getBounds(), zoom));
    let items: MapItem[];
    try {
      items = await latest.current.index.call('items', viewOf(map.getBounds().pad(MARGIN), zoom));
    } catch {
      return;
    }
    // A later move asked again meanwhile: its answer draws.
    if (asked !== request.current || mapRef.current !== map) return;
    if (replaceAll.current) {
      replaceAll.current = false;
      for (const marker of markers.current.values()) marker.remove();
      markers.current.clear();
    }
    const shown = new Set<string>();
    for (const item of items) {
      const key = item.kind === 'cluster' ? `c${item.clusterId}` : `s${item.shopId}`;
      shown.add(key);
      if (markers.current.has(key)) continue;
      const marker = item.kind === 'cluster' ? clusterMarker(map, item) : shopMarker(item);
      markers.current.set(key, marker);
      marker.addTo(layer);
    }
    for (const [key, marker] of markers.current) {
      if (shown.has(key)) continue;
      marker.remove();
      markers.current.delete(key);
    }
  }).current;

  function clusterMarker(map: L.Map, item: Extract<MapItem, { kind: 'cluster' }>) {
    const marker = L.marker([item.latitude, item.longitude], {
      icon: L.divIcon({ html: clusterElement(item.count), className: 'map-marker', iconSize: [TAP, TAP] }),
      keyboard: true,
      title: nlMap.cluster(item.count),
    });
    marker.on('click', async () => {
      const zoom = await latest.current.index.call('expansionZoom', item.clusterId);
      map.flyTo([item.latitude, item.longitude], Math.max(zoom, map.getZoom() + 1));
    });
    marker.on('add', () => marker.getElement()?.setAttribute('aria-label', nlMap.cluster(item.count)));
    return marker;
  }

  function shopMarker(item: ShopItem) {
    const label = latest.current.pinLabel(item);
    const marker = L.marker([item.latitude, item.longitude], {
      icon: L.divIcon({ html: pinElement(item, latest.current.pinLook(item)), className: 'map-marker', iconSize: [TAP, TAP] }),
      keyboard: true,
      title: label,
      riseOnHover: true,
    });
    marker.on('click', () => latest.current.onSelectShop(item.shopId));
    marker.on('add', () => {
      const element = marker.getElement();
      element?.setAttribute('aria-label', label);
      element?.setAttribute('data-shop-id', String(item.shopId));
      element?.classList.toggle('is-selected', latest.current.selectedShopId === item.shopId);
    });
    return marker;
  }

  useEffect(() => {
    const map = createMap(container.current!, { center: START, zoom: START_ZOOM, minZoom: 3, maxZoom: 19 });
    const drawn = markers.current;
    mapRef.current = map;
    layerRef.current = L.layerGroup().addTo(map);
    map.on('moveend', () => void refresh());
    // The page's size follows the window (a phone turned, the address bar hidden): Leaflet must hear of it.
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => map.invalidateSize());
    resized?.observe(container.current!);
    control.current = { showShop: ({ latitude, longitude }) => map.setView([latitude, longitude], Math.max(map.getZoom(), 17)) };
    return () => {
      resized?.disconnect();
      control.current = null;
      drawn.clear();
      mapRef.current = null;
      layerRef.current = null;
      map.remove();
    };
  }, [refresh, control]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !settings) return;
    return addTiles(map, settings, () => latest.current.onTileError());
  }, [settings]);

  useEffect(() => {
    // Another index: its groups' ids mean other groups, and shops may have another colour.
    replaceAll.current = true;
    void refresh();
  }, [drawKey, index, refresh]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !fitTo || fitKey === 0) return;
    const [south, west, north, east] = fitTo;
    map.fitBounds(
      [
        [south, west],
        [north, east],
      ],
      { padding: [24, 24], maxZoom: 15 },
    );
    // Only a new fitKey moves the map: the same bounds again (a refreshed list) leave it where the rep put it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fitKey]);

  useEffect(() => {
    for (const [key, marker] of markers.current) {
      if (key.startsWith('s')) marker.getElement()?.classList.toggle('is-selected', key === `s${selectedShopId}`);
    }
  }, [selectedShopId]);

  return <div ref={container} className="map-canvas" role="region" aria-label={nlMap.mapLabel} />;
}
