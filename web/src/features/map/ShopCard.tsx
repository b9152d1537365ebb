// A shop tapped on the map (or chosen in the list): its name, city and status, and the three next steps: plan a visit,
// start one, or drive there with the phone's maps app.
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { ShopListItem } from '@prospectie/contract';
import { nlMap } from '../../i18n/nlMap';
import { nlPlanning } from '../../i18n/nlPlanning';
import { StatusBadge } from '../pipeline';
import type { Point } from './geo';
import { directionsTo } from './mapsLinks';
import { DUE, PLANNED, type MapStatus } from './mapPoints';

export interface ChosenShop extends Point {
  shopId: number;
  status: MapStatus;
  flags: number;
}

export function ShopCard({
  chosen,
  shop,
  onPlan,
  onClose,
}: {
  chosen: ChosenShop;
  /** Its name and city, from the shop list on the device; undefined when the device does not have it. */
  shop: ShopListItem | undefined;
  onPlan: (shop: { id: number; name: string }) => void;
  onClose: () => void;
}) {
  const t = nlMap.card;
  const title = useRef<HTMLHeadingElement>(null);
  const name = shop?.name ?? nlMap.unnamed(chosen.shopId);
  // A keyboard or screen-reader user lands on what she chose.
  useEffect(() => title.current?.focus(), [chosen.shopId]);

  return (
    <section className="map-card card shadow" aria-labelledby="map-card-title">
      <div className="card-body">
        <div className="d-flex align-items-start gap-2">
          <h2 id="map-card-title" className="h5 mb-1 flex-grow-1 text-break" tabIndex={-1} ref={title}>
            <Link to={`/shop/${chosen.shopId}`}>{name}</Link>
          </h2>
          <button type="button" className="btn-close map-close" aria-label={t.close} onClick={onClose} />
        </div>
        {shop?.city && <p className="mb-1 text-body-secondary">{shop.city}</p>}
        {!shop && <p className="mb-1 small text-body-secondary">{t.unknown}</p>}
        <p className="d-flex flex-wrap gap-2 mb-3">
          {chosen.status === 'unknown' ? (
            <span className="small text-body-secondary">{nlMap.status.unknown}</span>
          ) : (
            <StatusBadge status={chosen.status} />
          )}
          {chosen.flags & PLANNED ? <span className="badge text-bg-primary">{t.planned}</span> : null}
          {chosen.flags & DUE ? <span className="badge text-bg-warning">{t.due}</span> : null}
        </p>
        <div className="d-flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-outline-primary action-button"
            aria-label={nlPlanning.planVisitAt(name)}
            onClick={() => onPlan({ id: chosen.shopId, name })}
          >
            {nlPlanning.planVisit}
          </button>
          <Link
            to={`/shop/${chosen.shopId}/prospections/new`}
            className="btn btn-primary action-button"
            aria-label={nlPlanning.startVisitAt(name)}
          >
            {nlPlanning.startVisit}
          </Link>
          <a
            href={directionsTo(chosen)}
            target="_blank"
            rel="noopener noreferrer"
            className="btn btn-outline-primary action-button"
            aria-label={t.routeTo(name)}
          >
            {t.route}
          </a>
        </div>
      </div>
    </section>
  );
}
