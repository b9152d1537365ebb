// The Dutch of Home's cards (Vandaag, Opvolgen, In de buurt, Te bezoeken) and the rules Vandaag draws by, said once
// for the web app (web/src/i18n/nlPlanning.ts, features/planning) and the page the server writes for a signed-in Home
// (server/src/ops/firstScreenPage.ts, decision 073); a module of its own, so that the web keeps it out of its entry.
import { brusselsToday } from './dates';
import { calendarTexts } from './firstScreen';
import type { Appointment } from './index';

/** Home's Vandaag (decision 028). */
export const todayTexts = {
  title: 'Vandaag',
  empty: 'Geen bezoeken gepland vandaag.',
  loading: 'De planning van vandaag wordt geladen...',
  noShop: 'Geen winkel gekoppeld',
};
export const todayItemTexts = {
  startVisit: 'Start bezoek',
  startVisitAt: (shop: string) => `Start bezoek bij ${shop}`,
  done: 'Bezocht',
  doneMark: '✓',
};

export const planTexts = {
  planVisit: 'Bezoek plannen',
  planVisitAt: (shop: string) => `Bezoek plannen bij ${shop}`,
};

/** Home's Te bezoeken (decision 028). */
export const dueTexts = {
  title: 'Te bezoeken',
  explanation: (days: number) => `Winkels uit je portefeuille die niemand de laatste ${days} dagen bezocht, de langst niet bezochte eerst.`,
  empty: 'Alle winkels uit je portefeuille werden onlangs bezocht.',
  loading: 'Te bezoeken winkels worden geladen...',
  never: 'Nog nooit bezocht',
  since: (days: number, date: string, who: string | null) => `${days} dagen geleden (${date}${who ? `, door ${who}` : ''})`,
  showAll: (n: number) => `Alle ${n} tonen`,
  planned: (when: string) => `Gepland: ${when}`,
  /** An open pre-order window of a brand the shop is interested in (decision 068): such shops come first. */
  windowLeft: (days: number, season: string) =>
    days === 0 ? `laatste dag voor ${season}` : `nog ${days} dag${days === 1 ? '' : 'en'} voor ${season}`,
};
/** How many of Te bezoeken's shops Home lists before 'Alle n tonen'. */
export const DUE_SHOWN = 5;

/** Home's In de buurt before she asks (decision 071; the map's own texts: web/src/i18n/nlMap.ts). */
export const nearbyTexts = {
  title: 'In de buurt',
  why: 'Prospectie gebruikt je locatie enkel op dit toestel om winkels in de buurt te tonen.',
  show: 'Winkels in de buurt tonen',
};

/** Home's Opvolgen (decision 066). */
export const followUpTexts = {
  title: 'Opvolgen',
  overdue: (date: string) => `gepland op ${date}`,
};

/** What Vandaag calls a plan: its name, else its shop, else its remarks. */
export const titleOf = (a: Pick<Appointment, 'name' | 'shopName' | 'remarks'>) =>
  a.name?.trim() || a.shopName || a.remarks?.trim() || calendarTexts.noDetails;

/**
 * The visit date a visit started from a plan gets: the plan's day, or today when it is started early
 * (a visit is never recorded ahead).
 */
export function visitDateOf(appointment: Pick<Appointment, 'startDate'>, today = brusselsToday()): string {
  const day = appointment.startDate.slice(0, 10);
  return day <= today ? day : today;
}

/** How the API, the outbox and a visit name an appointment: its number once the server has it, else the device's id. */
export const appointmentRef = (appointment: Pick<Appointment, 'id' | 'clientId'>): string =>
  appointment.id > 0 ? String(appointment.id) : (appointment.clientId ?? String(appointment.id));

/** The wizard's address for a visit started from this plan. */
export function startVisitPath(
  appointment: Pick<Appointment, 'id' | 'clientId' | 'shopId' | 'startDate'>,
  today = brusselsToday(),
): string {
  const params = new URLSearchParams({ afspraak: appointmentRef(appointment), datum: visitDateOf(appointment, today) });
  return `/shop/${appointment.shopId}/prospections/new?${params}`;
}
