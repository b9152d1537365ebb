// Vandaag's 'Volgorde van de route' (decision 071): today's visits still to make, in the order of a short round from
// where the rep stands (routeOrder.ts), and 'Route openen' to drive it in the phone's maps app, leg by leg where the
// day has more stops than one address takes. Her position is asked only when she taps, and stays on the device.
import { useMemo } from 'react';
import type { Appointment } from '@prospectie/contract';
import { waitsForConnection } from '../../api/queryRules';
import { formatDistance, nlMap } from '../../i18n/nlMap';
import { formatTime } from '../../lib/format';
import { useShopPlaces } from './api';
import { useDeviceLocation } from './deviceLocation';
import { distanceKm, placesById, type Point } from './geo';
import { LocationNotice } from './LocationNotice';
import { routeLegs } from './mapsLinks';
import { orderStops, roundLengthKm } from './routeOrder';

const titleOf = (a: Appointment) => a.shopName ?? a.name ?? '';

/** A stop of the day's round: a visit to a shop not yet made. */
const isStopToMake = (a: Appointment): a is Appointment & { shopId: number } => a.shopId !== null && a.prospectionId === null;

type Stop = Point & { appointment: Appointment };

/** Today's visits in round order; nothing when there are fewer than two to put in order. */
export function TodayRoute({ appointments }: { appointments: readonly Appointment[] }) {
  const t = nlMap.route;
  const location = useDeviceLocation();
  const asked = location.state !== 'idle';
  const places = useShopPlaces(asked);
  const here = location.state === 'found' ? location.location : null;

  const round = useMemo(() => {
    if (!here || !places.data) return null;
    const where = placesById(places.data);
    const stops: Stop[] = [];
    const withoutPlace: Appointment[] = [];
    for (const appointment of appointments.filter(isStopToMake)) {
      const place = where.get(appointment.shopId!);
      if (place) stops.push({ ...place, appointment });
      else withoutPlace.push(appointment);
    }
    const ordered = orderStops(here, stops);
    return { ordered, withoutPlace, legs: routeLegs(here, ordered), totalKm: roundLengthKm(here, ordered) };
  }, [here, places.data, appointments]);

  if (appointments.filter(isStopToMake).length < 2) return null;
  return (
    <div className="mt-3" aria-live="polite">
      {!round && (
        <>
          <p className="small text-body-secondary mb-2">{t.why}</p>
          <LocationNotice location={location} />
          {here && waitsForConnection(places) && <p className="mb-2">{nlMap.placesNotOnDevice}</p>}
          {here && places.isPending && !waitsForConnection(places) && (
            <p className="small text-body-secondary mb-2">{nlMap.placesLoading}</p>
          )}
          <button
            type="button"
            className="btn btn-outline-primary action-button"
            disabled={location.state === 'asking'}
            onClick={() => void location.ask()}
          >
            {t.order}
          </button>
        </>
      )}
      {round && (
        <section aria-labelledby="today-route-title">
          <h3 id="today-route-title" className="h6 mt-2">
            {t.title}
          </h3>
          <p className="small text-body-secondary mb-2">{t.explanation}</p>
          {round.ordered.length === 0 ? (
            <p className="mb-2">{t.none}</p>
          ) : (
            <ol className="list-group list-group-numbered mb-2" aria-labelledby="today-route-title">
              {round.ordered.map((stop, i) => {
                const from = i === 0 ? here! : round.ordered[i - 1];
                const distance = formatDistance(distanceKm(from, stop));
                const { appointment } = stop;
                return (
                  <li key={appointment.id} className="list-group-item d-flex flex-wrap column-gap-2">
                    <span className="fw-semibold text-break">{titleOf(appointment)}</span>
                    {!appointment.allDay && <span className="text-body-secondary">{formatTime(appointment.startDate)}</span>}
                    <span className="small text-body-secondary w-100">{i === 0 ? t.first(distance) : t.leg(distance)}</span>
                  </li>
                );
              })}
            </ol>
          )}
          {round.ordered.length > 0 && <p className="small text-body-secondary mb-2">{t.total(formatDistance(round.totalKm))}</p>}
          {round.withoutPlace.length > 0 && <p className="small mb-2">{t.withoutPlace(round.withoutPlace.map(titleOf).join(', '))}</p>}
          <div className="d-flex flex-wrap gap-2">
            {round.legs.map((url, i) => (
              <a
                key={url}
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                className={`btn ${i === 0 ? 'btn-primary' : 'btn-outline-primary'} action-button`}
              >
                {i === 0 ? t.open : t.next}
                {round.legs.length > 1 && <span className="fw-normal"> ({t.part(i + 1, round.legs.length)})</span>}
              </a>
            ))}
            <button
              type="button"
              className="btn btn-link action-button"
              disabled={location.state === 'asking'}
              onClick={() => void location.ask()}
            >
              {nlMap.nearby.again}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
