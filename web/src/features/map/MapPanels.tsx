// What lies over the map on request: the filters, the legend, and the list of the shops on screen (the map's content
// for a keyboard or a screen reader).
import type { Employee, NamedItem, ShopListItem } from '@prospectie/contract';
import { nlMap } from '../../i18n/nlMap';
import { FILTER_STATUSES, MAP_STATUSES, type MapFilter, type MapStatus } from './mapPoints';
import { statusLook } from './pinColours';

export type Panel = 'filters' | 'legend' | 'list';

function Swatch({ status }: { status: MapStatus }) {
  return <span className="map-swatch" style={statusLook(status)} aria-hidden="true" />;
}

function PanelFrame({ id, title, onClose, children }: { id: string; title: string; onClose: () => void; children: React.ReactNode }) {
  return (
    <section id={id} className="map-panel card shadow" aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <div className="d-flex align-items-start gap-2 mb-2">
          <h2 id={`${id}-title`} className="h6 mb-0 flex-grow-1">
            {title}
          </h2>
          <button type="button" className="btn-close map-close" aria-label={nlMap.filters.close} onClick={onClose} />
        </div>
        {children}
      </div>
    </section>
  );
}

/** One of the filters' lists (brand, rep): its label above it. */
function FilterSelect({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  children: React.ReactNode;
}) {
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label fw-semibold">
        {label}
      </label>
      <select id={id} className="form-select" value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </div>
  );
}

/** How many filters are on (the Filters button says so). */
export const activeFilters = (filter: MapFilter, brandId: number | null) =>
  (filter.statuses.length > 0 ? 1 : 0) + (filter.rep !== null ? 1 : 0) + (brandId !== null ? 1 : 0);

export function FiltersPanel({
  filter,
  brandId,
  brands,
  employees,
  ownId,
  onFilter,
  onBrand,
  onClose,
}: {
  filter: MapFilter;
  brandId: number | null;
  brands: readonly NamedItem[];
  employees: readonly Employee[];
  ownId: number | undefined;
  onFilter: (filter: MapFilter) => void;
  onBrand: (brandId: number | null) => void;
  onClose: () => void;
}) {
  const t = nlMap.filters;
  const shows = (status: MapStatus) => filter.statuses.length === 0 || filter.statuses.includes(status);
  const toggle = (status: MapStatus) => {
    const next = FILTER_STATUSES.filter((s) => (s === status ? !shows(s) : shows(s)));
    onFilter({ ...filter, statuses: next.length === FILTER_STATUSES.length ? [] : next });
  };
  const repValue = filter.rep === null ? '' : String(filter.rep);
  const colleagues = employees
    .filter((e) => e.id !== ownId)
    .sort((a, b) => `${a.firstName} ${a.name}`.localeCompare(`${b.firstName} ${b.name}`, 'nl'));
  return (
    <PanelFrame id="map-filters" title={t.title} onClose={onClose}>
      <fieldset className="mb-3">
        <legend className="form-label fs-6 fw-semibold">{t.status}</legend>
        {FILTER_STATUSES.map((status) => (
          <div key={status} className="form-check">
            <input
              id={`map-status-${status}`}
              type="checkbox"
              className="form-check-input"
              checked={shows(status)}
              onChange={() => toggle(status)}
            />
            <label htmlFor={`map-status-${status}`} className="form-check-label d-inline-flex align-items-center gap-2">
              <Swatch status={status} />
              {nlMap.status[status]}
            </label>
          </div>
        ))}
      </fieldset>
      <FilterSelect id="map-brand" label={t.brand} value={brandId ?? ''} onChange={(value) => onBrand(value ? Number(value) : null)}>
        <option value="">{t.allBrands}</option>
        {brands.map((brand) => (
          <option key={brand.id} value={brand.id}>
            {brand.name}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        id="map-rep"
        label={t.rep}
        value={repValue}
        onChange={(value) => onFilter({ ...filter, rep: value === '' ? null : value === 'nobody' ? 'nobody' : Number(value) })}
      >
        <option value="">{t.everyone}</option>
        {ownId !== undefined && <option value={ownId}>{t.mine}</option>}
        <option value="nobody">{t.nobody}</option>
        {colleagues.map((e) => (
          <option key={e.id} value={e.id}>
            {`${e.firstName} ${e.name}`.trim()}
          </option>
        ))}
      </FilterSelect>
      <button
        type="button"
        className="btn btn-outline-secondary action-button"
        onClick={() => {
          onFilter({ statuses: [], rep: null });
          onBrand(null);
        }}
      >
        {t.reset}
      </button>
    </PanelFrame>
  );
}

export function LegendPanel({ onClose }: { onClose: () => void }) {
  const t = nlMap.legend;
  return (
    <PanelFrame id="map-legend" title={t.title} onClose={onClose}>
      <ul className="list-unstyled mb-0">
        {MAP_STATUSES.map((status) => (
          <li key={status} className="d-flex align-items-center gap-2 py-1">
            <Swatch status={status} />
            {nlMap.status[status]}
          </li>
        ))}
        {(['due', 'planned'] as const).map((mark) => (
          <li key={mark} className="d-flex align-items-center gap-2 py-1">
            <span className="map-legend-pin" aria-hidden="true">
              <span className="map-pin-dot" />
              <span className={`map-pin-${mark}`} />
            </span>
            {t[mark]}
          </li>
        ))}
        <li className="d-flex align-items-center gap-2 py-1">
          <span className="map-cluster map-legend-cluster" aria-hidden="true">
            <span>12</span>
          </span>
          {t.cluster}
        </li>
      </ul>
    </PanelFrame>
  );
}

export interface ListedShop {
  shopId: number;
  shop: ShopListItem | undefined;
  status: MapStatus;
}

export function ShopsInViewPanel({
  shops,
  total,
  onChoose,
  onClose,
}: {
  shops: readonly ListedShop[];
  total: number;
  onChoose: (shopId: number) => void;
  onClose: () => void;
}) {
  const t = nlMap.list;
  return (
    <PanelFrame id="map-list" title={t.title} onClose={onClose}>
      <p className="small text-body-secondary" aria-live="polite">
        {t.count(shops.length, total)}
      </p>
      {shops.length > 0 && (
        <ul className="list-group map-list">
          {shops.map(({ shopId, shop, status }) => (
            <li key={shopId} className="list-group-item p-0">
              <button
                type="button"
                className="btn btn-link text-start text-decoration-none w-100 d-flex align-items-center gap-2 py-2"
                onClick={() => onChoose(shopId)}
              >
                <Swatch status={status} />
                <span className="flex-grow-1 text-break">
                  <span className="fw-semibold">{shop?.name ?? nlMap.unnamed(shopId)}</span>
                  {shop?.city && <span className="text-body-secondary"> · {shop.city}</span>}
                  <span className="visually-hidden">, {nlMap.status[status]}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </PanelFrame>
  );
}
