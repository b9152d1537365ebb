// Home's In de buurt (decision 071): the ten shops nearest to where the rep stands, from the places and names the
// device keeps, so it works without a connection. Her position is asked only when she taps, and stays on the device.
import { useMemo } from 'react';
import { Link } from 'react-router';
import { waitsForConnection } from '../../api/queryRules';
import { formatDistance, nlMap } from '../../i18n/nlMap';
import { useShopPlaces } from './api';
import { useDeviceLocation } from './deviceLocation';
import { nearestShops } from './geo';
import { LocationNotice } from './LocationNotice';
import { useShopNames } from './useShopNames';

/** How many shops In de buurt lists. */
export const NEARBY_SHOWN = 10;
/** A position rougher than this (metres, a phone without GPS guessing from wifi) makes the distances rough too: it says so. */
const ROUGH_METRES = 250;

export function NearbyShops() {
  const t = nlMap.nearby;
  const location = useDeviceLocation();
  const asked = location.state !== 'idle';
  // Read only once she asks: Home's first screen does not wait for 20,000 places.
  const places = useShopPlaces(asked);
  const names = useShopNames(asked);
  const here = location.state === 'found' ? location.location : null;
  const near = useMemo(() => (here && places.data ? nearestShops(places.data, here, NEARBY_SHOWN) : []), [here, places.data]);

  let body = null;
  if (here) {
    if (waitsForConnection(places)) body = <p className="mb-0">{nlMap.placesNotOnDevice}</p>;
    else if (places.isPending) body = <p className="small text-body-secondary mb-0">{nlMap.placesLoading}</p>;
    else if (near.length === 0) body = <p className="mb-0">{t.none}</p>;
    else
      body = (
        <ol className="list-group list-group-numbered nearby-list" aria-labelledby="nearby-title">
          {near.map(({ shopId, distanceKm }) => {
            const shop = names.get(shopId);
            return (
              <li key={shopId} className="list-group-item d-flex align-items-start gap-2">
                <Link to={`/shop/${shopId}`} className="flex-grow-1 text-break text-decoration-none prospection-link py-1">
                  <span className="fw-semibold text-primary-emphasis">{shop?.name ?? nlMap.unnamed(shopId)}</span>
                  {shop?.city && <span className="text-body-secondary"> · {shop.city}</span>}
                </Link>
                <span className="text-nowrap text-body-secondary py-1">{formatDistance(distanceKm)}</span>
              </li>
            );
          })}
        </ol>
      );
  }

  return (
    <section className="card card-body mb-3" aria-labelledby="nearby-title" data-first="nearby">
      <h2 id="nearby-title" className="h5">
        {t.title}
      </h2>
      <p className="small text-body-secondary">{t.why}</p>
      <LocationNotice location={location} />
      {here && here.accuracy > ROUGH_METRES && <p className="small text-body-secondary mb-2">{t.rough(here.accuracy)}</p>}
      {body}
      <button
        type="button"
        className={`btn ${here ? 'btn-outline-primary mt-3' : 'btn-primary'} action-button align-self-start`}
        disabled={location.state === 'asking'}
        onClick={() => void location.ask()}
      >
        {asked ? t.again : t.show}
      </button>
    </section>
  );
}
