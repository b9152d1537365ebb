// A small map to put one shop's pin (Beheer's shops without a place, decision 071): a click puts it, a drag moves it,
// and the typed coordinates beside it (the page's) move it too. Leaflet loads with it, not with Beheer's other pages.
import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { nlMap } from '../../i18n/nlMap';
import { useMapSettings, useShopPlaces } from './api';
import { addTiles, createMap } from './leafletTiles';
import type { Point, ShopPlaces } from './geo';
import { useShopNames } from './useShopNames';
import './map.css';

/** Where the map starts: Belgium, until the pin or the shop's city says better. */
const BELGIUM: Point = { latitude: 50.6, longitude: 4.6 };
const ZOOM_WITHOUT_PIN = 8;
const ZOOM_WITH_PIN = 16;
const CITY_ZOOM = 13;
const TAP = 44;

const rounded = ({ lat, lng }: L.LatLng): Point => ({ latitude: Number(lat.toFixed(5)), longitude: Number(lng.toFixed(5)) });

function pinIcon() {
  const pin = document.createElement('span');
  pin.className = 'map-pin';
  const dot = document.createElement('span');
  dot.className = 'map-pin-dot map-pin-chosen';
  pin.append(dot);
  return L.divIcon({ html: pin, className: 'map-marker', iconSize: [TAP, TAP] });
}

/** The middle of the placed shops of `city` (from the device's lists): where a shop of that city likely is. */
function middleOfCity(city: string | null | undefined, places: ShopPlaces | undefined, names: ReturnType<typeof useShopNames>) {
  const wanted = city?.trim().toLowerCase();
  if (!wanted || !places) return null;
  let latitude = 0;
  let longitude = 0;
  let count = 0;
  for (const [id, lat, lon] of places) {
    if (names.get(id)?.city?.trim().toLowerCase() !== wanted) continue;
    latitude += lat;
    longitude += lon;
    count++;
  }
  return count ? { latitude: latitude / count, longitude: longitude / count } : null;
}

/** `city`: the shop's city, to start near its other shops while it has no pin. */
export function PinMap({
  pin,
  onPin,
  label,
  city,
}: {
  pin: Point | null;
  onPin: (point: Point) => void;
  label: string;
  city?: string | null;
}) {
  const settings = useMapSettings();
  const places = useShopPlaces();
  const names = useShopNames();
  const near = middleOfCity(city, places.data, names);
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const latestOnPin = useRef(onPin);
  latestOnPin.current = onPin;

  useEffect(() => {
    const map = createMap(container.current!, { center: [BELGIUM.latitude, BELGIUM.longitude], zoom: ZOOM_WITHOUT_PIN });
    map.on('click', (event: L.LeafletMouseEvent) => latestOnPin.current(rounded(event.latlng)));
    mapRef.current = map;
    return () => {
      marker.current = null;
      mapRef.current = null;
      map.remove();
    };
    // Made once; the pin and the city follow in the effects below.
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !settings.data) return;
    return addTiles(map, settings.data);
  }, [settings.data]);

  // Without a pin, the city's other shops say where to look (once the device's lists are read).
  const nearLatitude = near?.latitude;
  const nearLongitude = near?.longitude;
  const hasPin = pin !== null;
  useEffect(() => {
    if (hasPin || nearLatitude === undefined || nearLongitude === undefined) return;
    mapRef.current?.setView([nearLatitude, nearLongitude], CITY_ZOOM);
  }, [hasPin, nearLatitude, nearLongitude]);

  const latitude = pin?.latitude;
  const longitude = pin?.longitude;
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (latitude === undefined || longitude === undefined) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    if (!marker.current) {
      const placed = L.marker([latitude, longitude], { icon: pinIcon(), draggable: true, keyboard: true, title: nlMap.pin.marker });
      placed.on('dragend', () => latestOnPin.current(rounded(placed.getLatLng())));
      placed.on('add', () => placed.getElement()?.setAttribute('aria-label', nlMap.pin.marker));
      marker.current = placed.addTo(map);
    } else {
      marker.current.setLatLng([latitude, longitude]);
    }
    if (!map.getBounds().contains([latitude, longitude])) map.setView([latitude, longitude], Math.max(map.getZoom(), ZOOM_WITH_PIN));
  }, [latitude, longitude]);

  return <div ref={container} className="pin-map" role="region" aria-label={label} />;
}
