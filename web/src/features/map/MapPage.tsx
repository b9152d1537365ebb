// /kaart (decision 071): every placed shop on a map, grouped where they crowd, coloured by status and marked when due
// or planned, with filters; a tap opens a shop's card. The places and names come from the device, so it works
// offline (the tiles may then be missing: it says so). Leaflet and the cluster index load with this page only.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { waitsForConnection } from '../../api/queryRules';
import { wizardReference } from '../../api/reference';
import { useMe } from '../../api/session';
import { Alert } from '../../components/Bare';
import { LoadError } from '../../components/LoadError';
import { nl } from '../../i18n/nl';
import { nlMap } from '../../i18n/nlMap';
import { useOnline } from '../../offline/useOutbox';
import { dueShopsQuery, usePlanVisit } from '../planning';
import { useMapSettings, usePlannedVisits, useShopPlaces, useShopStatuses } from './api';
import { openClusterIndex } from './clusterClient';
import type { Filtered, MapView } from './clusterIndex';
import { LeafletMap, type MapControl, type ShopItem } from './LeafletMap';
import { activeFilters, FiltersPanel, LegendPanel, ShopsInViewPanel, type ListedShop, type Panel } from './MapPanels';
import { buildMapPoints, DUE, MAP_STATUSES, NO_FILTER, PLANNED, type MapFilter, type MapPoints, type MapStatus } from './mapPoints';
import { statusLook } from './pinColours';
import { ShopCard, type ChosenShop } from './ShopCard';
import { useShopNames } from './useShopNames';
import './map.css';

/** Shops the list names at most: the rest are a zoom away. */
const LISTED = 50;

/** The page's height: from its top to the window's bottom, so the map fills the screen under the header. */
function useFillsWindow() {
  const page = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState<number>();
  useLayoutEffect(() => {
    const measure = () => {
      if (page.current) setHeight(Math.max(320, window.innerHeight - page.current.getBoundingClientRect().top - window.scrollY));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  return { page, height };
}

export function MapPage() {
  const me = useMe().data;
  const ownId = me?.employee?.id;
  const online = useOnline();
  const places = useShopPlaces();
  const names = useShopNames();
  const settings = useMapSettings();
  const [brandId, setBrandId] = useState<number | null>(null);
  const statuses = useShopStatuses(brandId);
  const due = useQuery(dueShopsQuery);
  const planned = usePlannedVisits(ownId);
  const brands = useQuery(wizardReference.brands);
  const employees = useQuery(wizardReference.employees);
  const { plan, notice, dialog } = usePlanVisit();

  const [filter, setFilter] = useState<MapFilter>(NO_FILTER);
  const [panel, setPanel] = useState<Panel | null>(null);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [view, setView] = useState<MapView | null>(null);
  const [inView, setInView] = useState<{ shopIds: number[]; total: number }>({ shopIds: [], total: 0 });
  const [built, setBuilt] = useState<{ version: number; filtered: Filtered | null }>({ version: 0, filtered: null });
  const [fit, setFit] = useState(0);
  const control = useRef<MapControl | null>(null);
  const { page, height } = useFillsWindow();

  const [index] = useState(openClusterIndex);
  useEffect(() => () => index.close(), [index]);

  const points = useMemo(() => {
    if (!places.data) return null;
    const dueIds = new Set<number>();
    const plannedIds = new Set<number>();
    for (const shop of due.data?.shops ?? []) (shop.plannedAt ? plannedIds : dueIds).add(shop.shopId);
    for (const a of planned.data ?? []) if (a.shopId !== null && a.prospectionId === null) plannedIds.add(a.shopId);
    return buildMapPoints(places.data, statuses.data, dueIds, plannedIds);
  }, [places.data, statuses.data, due.data, planned.data]);
  const rowOf = useMemo(() => new Map(points ? Array.from(points.ids, (id, row) => [id, row]) : []), [points]);

  // Other shops, colours or marks: the index is built again; another filter: it only filters. The map fits the shops
  // it shows the first time, and when the rep filter changes (her own shops, a colleague's); else it stays put.
  const loaded = useRef<MapPoints | null>(null);
  const fitNext = useRef(true);
  useEffect(() => {
    if (!points) return;
    const asked = loaded.current === points ? index.call('filter', filter) : index.call('load', points, filter);
    loaded.current = points;
    let current = true;
    void asked.then((filtered) => {
      if (!current) return;
      setBuilt((b) => ({ version: b.version + 1, filtered }));
      if (fitNext.current && filtered.bounds) {
        fitNext.current = false;
        setFit((f) => f + 1);
      }
    });
    return () => {
      current = false;
    };
  }, [points, filter, index]);
  const changeFilter = (next: MapFilter) => {
    if (next.rep !== filter.rep) fitNext.current = true;
    setFilter(next);
  };

  // The list of shops on screen, while it is open.
  useEffect(() => {
    if (panel !== 'list' || !view) return;
    let current = true;
    void index.call('inView', view, LISTED).then((found) => current && setInView(found));
    return () => {
      current = false;
    };
  }, [panel, view, index, built.version]);

  const statusAt = (row: number | undefined): MapStatus => (row === undefined || !points ? 'unknown' : MAP_STATUSES[points.statuses[row]]);
  const pinLabel = (item: ShopItem) => {
    const mark = item.flags & PLANNED ? nlMap.legend.planned : item.flags & DUE ? nlMap.legend.due : null;
    return nlMap.marker(names.get(item.shopId)?.name ?? nlMap.unnamed(item.shopId), nlMap.status[MAP_STATUSES[item.status]], mark);
  };
  const chosenRow = chosenId === null ? undefined : rowOf.get(chosenId);
  const chosen: ChosenShop | null =
    chosenRow === undefined || !points
      ? null
      : {
          shopId: chosenId!,
          latitude: points.latitudes[chosenRow],
          longitude: points.longitudes[chosenRow],
          status: statusAt(chosenRow),
          flags: points.flags[chosenRow],
        };
  const listed: ListedShop[] = inView.shopIds.map((shopId) => ({ shopId, shop: names.get(shopId), status: statusAt(rowOf.get(shopId)) }));

  const filtersOn = activeFilters(filter, brandId);
  const panels: [Panel, string][] = [
    ['filters', filtersOn ? nlMap.filters.buttonActive(filtersOn) : nlMap.filters.button],
    ['list', nlMap.list.button],
    ['legend', nlMap.legend.title],
  ];
  const toggle = (which: Panel) => setPanel((open) => (open === which ? null : which));
  const statusesMissing = !statuses.data && (waitsForConnection(statuses) || statuses.isError);

  let state = null;
  if (waitsForConnection(places)) state = <Alert variant="warning">{nlMap.placesNotOnDevice}</Alert>;
  else if (places.isPending) state = <p className="small text-body-secondary mb-2">{nlMap.placesLoading}</p>;
  else if (!places.data) state = <LoadError error={places.error} onRetry={() => places.refetch()} />;
  else if (places.data.length === 0) state = <Alert variant="info">{nlMap.noPlaces}</Alert>;
  else if (built.filtered?.count === 0) state = <Alert variant="info">{nlMap.noneLeft}</Alert>;

  return (
    <div ref={page} className="map-page" style={height ? { height } : undefined}>
      <div className="map-toolbar d-flex flex-wrap align-items-center column-gap-2 row-gap-1 pb-2">
        <h1 className="h4 mb-0 me-auto">{nlMap.title}</h1>
        {panels.map(([which, label]) => (
          <button
            key={which}
            type="button"
            className="btn btn-outline-primary action-button"
            aria-expanded={panel === which}
            aria-controls={`map-${which}`}
            onClick={() => toggle(which)}
          >
            {label}
          </button>
        ))}
        <p className="small text-body-secondary mb-0 w-100" aria-live="polite">
          {built.filtered ? nlMap.shownCount(built.filtered.count) : places.data ? nlMap.loading : null}
        </p>
      </div>
      {state}
      {!online && (
        <Alert variant="info" className="py-2 small">
          {nlMap.offline}
        </Alert>
      )}
      {online && tilesFailed && (
        <Alert variant="warning" className="py-2 small" role="status" closeLabel={nl.sent.close} onClose={() => setTilesFailed(false)}>
          {nlMap.tilesFailed}
        </Alert>
      )}
      {statusesMissing && places.data && (
        <Alert variant="info" className="py-2 small" role="status">
          {nlMap.statusesNotOnDevice}
        </Alert>
      )}
      {notice}
      <div className="map-stage">
        <LeafletMap
          settings={settings.data}
          index={index}
          drawKey={`${built.version}/${names.size}`}
          fitTo={built.filtered?.bounds ?? null}
          fitKey={fit}
          pinLook={(item) => statusLook(MAP_STATUSES[item.status])}
          pinLabel={pinLabel}
          selectedShopId={chosenId}
          onSelectShop={setChosenId}
          onView={setView}
          onTileError={() => setTilesFailed(true)}
          control={control}
        />
        {panel === 'filters' && (
          <FiltersPanel
            filter={filter}
            brandId={brandId}
            brands={brands.data ?? []}
            employees={employees.data ?? []}
            ownId={ownId}
            onFilter={changeFilter}
            onBrand={setBrandId}
            onClose={() => setPanel(null)}
          />
        )}
        {panel === 'legend' && <LegendPanel onClose={() => setPanel(null)} />}
        {panel === 'list' && (
          <ShopsInViewPanel
            shops={listed}
            total={inView.total}
            onChoose={(shopId) => {
              const row = rowOf.get(shopId);
              if (row !== undefined) control.current?.showShop({ latitude: points!.latitudes[row], longitude: points!.longitudes[row] });
              setChosenId(shopId);
              setPanel(null);
            }}
            onClose={() => setPanel(null)}
          />
        )}
        {chosen && (
          <ShopCard chosen={chosen} shop={names.get(chosen.shopId)} onPlan={(shop) => plan({ shop })} onClose={() => setChosenId(null)} />
        )}
      </div>
      {dialog}
    </div>
  );
}
