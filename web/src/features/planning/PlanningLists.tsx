// Home's plan for the day (decision 028): Vandaag, today's planned visits in order, each started with one press, and
// Te bezoeken, the portfolio's shops nobody visited for a while, most overdue first, each planned with one press.
// Loaded next to Home's first download, not in it (docs/decisions/022-web-first-load.md).
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Appointment, DueShop } from '@prospectie/contract';
import { useDueShops, useTodayAppointments } from './queries';
import { waitsForConnection } from '../../api/queryRules';
import { LoadError } from '../../components/LoadError';
import { PlannedNotice } from './PlannedNotice';
import { loadPlanVisitDialogSoon, PlanVisitDialog } from './PlanVisitDialogLater';
import type { AppointmentWriteOutcome } from './appointmentWrites';
import { nl } from '../../i18n/nl';
import { nlPlanning } from '../../i18n/nlPlanning';
import { startVisitPath } from './appointmentRules';
import { formatDate, formatDateTime, formatTime } from '../../lib/format';
import { DUE_SHOWN, titleOf } from '@prospectie/contract/first-screen-today';

function TodayItem({ appointment }: { appointment: Appointment }) {
  const title = titleOf(appointment);
  const done = appointment.prospectionId !== null;
  return (
    <li className="list-group-item d-flex flex-wrap align-items-center column-gap-3 row-gap-1 py-3">
      <span className="fw-semibold text-nowrap">
        {appointment.allDay ? nl.calendar.allDay : `${formatTime(appointment.startDate)}–${formatTime(appointment.endDate)}`}
      </span>
      <span className="flex-grow-1 text-break">
        {title}
        {appointment.shopName && appointment.shopName !== title && (
          <span className="d-block small text-body-secondary">{appointment.shopName}</span>
        )}
      </span>
      {done && appointment.shopId !== null ? (
        <Link
          to={`/shop/${appointment.shopId}/prospections/${appointment.prospectionId}`}
          className="btn btn-outline-success action-button"
        >
          <span aria-hidden="true">{nlPlanning.doneMark} </span>
          {nlPlanning.done}
        </Link>
      ) : appointment.shopId !== null ? (
        <Link to={startVisitPath(appointment)} className="btn btn-primary action-button" aria-label={nlPlanning.startVisitAt(title)}>
          {nlPlanning.startVisit}
        </Link>
      ) : (
        <span className="small text-body-secondary">{nlPlanning.today.noShop}</span>
      )}
    </li>
  );
}

/** `after`: what Home shows under the day's visits (the order of the route, features/map), given them. */
export function TodayPlan({ after }: { after?: (appointments: Appointment[]) => ReactNode }) {
  const today = useTodayAppointments();
  const texts = nlPlanning.today;
  let body;
  if (waitsForConnection(today)) body = <p className="small text-body-secondary mb-0">{nl.offline.notOnDevice.title}</p>;
  else if (today.isPending) body = <p className="small text-body-secondary mb-0">{texts.loading}</p>;
  else if (!today.data) body = <LoadError error={today.error} onRetry={() => today.refetch()} />;
  else if (today.data.length === 0) body = <p className="mb-0">{texts.empty}</p>;
  else
    body = (
      <>
        <ul className="list-group" aria-labelledby="today-plan-title">
          {today.data.map((a) => (
            <TodayItem key={a.id} appointment={a} />
          ))}
        </ul>
        {after?.(today.data)}
      </>
    );
  return (
    <section className="card card-body mb-3" aria-labelledby="today-plan-title" data-first="today">
      <h2 id="today-plan-title" className="h5">
        {texts.title}
      </h2>
      {body}
    </section>
  );
}

function dueLine(shop: DueShop) {
  const texts = nlPlanning.due;
  if (shop.lastVisitDate === null || shop.daysSince === null) return texts.never;
  return texts.since(shop.daysSince, formatDate(shop.lastVisitDate), shop.lastVisitBy);
}

export function DueShops() {
  const due = useDueShops();
  const [all, setAll] = useState(false);
  const { plan, notice, dialog } = usePlanVisit();
  const texts = nlPlanning.due;
  const shops = due.data?.shops ?? [];
  const shown = all ? shops : shops.slice(0, DUE_SHOWN);

  let body;
  if (waitsForConnection(due)) body = <p className="small text-body-secondary mb-0">{nl.offline.notOnDevice.title}</p>;
  else if (due.isPending) body = <p className="small text-body-secondary mb-0">{texts.loading}</p>;
  else if (!due.data) body = <LoadError error={due.error} onRetry={() => due.refetch()} />;
  else if (shops.length === 0) body = <p className="mb-0">{texts.empty}</p>;
  else
    body = (
      <>
        <p className="small text-body-secondary">{texts.explanation(due.data.dueAfterDays)}</p>
        <ul className="list-group" aria-labelledby="due-shops-title">
          {shown.map((shop) => (
            <li key={shop.shopId} className="list-group-item d-flex flex-wrap align-items-center column-gap-3 row-gap-1 py-3">
              <Link to={`/shop/${shop.shopId}`} className="flex-grow-1 text-break text-decoration-none prospection-link py-1">
                <span className="fw-semibold text-primary-emphasis">{shop.shopName}</span>
                {shop.city && <span className="text-body-secondary"> · {shop.city}</span>}
                <span className="d-block small text-body-secondary">{dueLine(shop)}</span>
                {shop.window && (
                  <span className="badge text-bg-warning fw-normal text-wrap">
                    {texts.windowLeft(shop.window.daysLeft, shop.window.season)}
                  </span>
                )}
              </Link>
              {shop.plannedAt ? (
                <span className="badge text-bg-light border fw-normal text-wrap">{texts.planned(formatDateTime(shop.plannedAt))}</span>
              ) : (
                <button
                  type="button"
                  className="btn btn-outline-primary action-button"
                  aria-label={nlPlanning.planVisitAt(shop.shopName)}
                  onClick={() => plan({ shop: { id: shop.shopId, name: shop.shopName } })}
                >
                  {nlPlanning.planVisit}
                </button>
              )}
            </li>
          ))}
        </ul>
        {!all && shops.length > DUE_SHOWN && (
          <button type="button" className="btn btn-link align-self-start px-0" onClick={() => setAll(true)}>
            {texts.showAll(shops.length)}
          </button>
        )}
      </>
    );

  return (
    <section className="card card-body mb-3" aria-labelledby="due-shops-title" data-first="due">
      <h2 id="due-shops-title" className="h5">
        {texts.title}
      </h2>
      {notice}
      {body}
      {dialog}
    </section>
  );
}

/**
 * Bezoek plannen from a list of shops (Te bezoeken here, Opvolgen: features/pipeline): one dialog for the shop chosen,
 * and the word on what became of the plan. It lives in this chunk, which Home loads anyway, so Opvolgen adds none.
 */
export interface VisitToPlan {
  shop: { id: number; name: string };
  /** The day it starts on (today when none or past), and the appointment's name to start with. */
  date?: string;
  title?: string;
}

export function usePlanVisit() {
  // The plan last chosen stays while its dialog closes, so focus goes back to its button.
  const [chosen, setChosen] = useState<VisitToPlan | null>(null);
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<AppointmentWriteOutcome | null>(null);
  useEffect(loadPlanVisitDialogSoon, []);
  const plan = useCallback((visit: VisitToPlan) => {
    setChosen(visit);
    setOpen(true);
  }, []);
  const notice = <PlannedNotice outcome={outcome} onClose={() => setOutcome(null)} />;
  const dialog = chosen && (
    <PlanVisitDialog
      key={`${chosen.shop.id}|${chosen.date ?? ''}|${chosen.title ?? ''}`}
      shop={chosen.shop}
      date={chosen.date}
      title={chosen.title}
      show={open}
      onClose={() => setOpen(false)}
      onDone={(result) => {
        setOpen(false);
        setOutcome(result);
      }}
    />
  );
  return { plan, notice, dialog };
}
