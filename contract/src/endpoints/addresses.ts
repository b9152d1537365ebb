// Where each declared endpoint is called: its name, method and path, without its schemas, so that a screen's code
// carries only the addresses it calls (docs/decisions/046-one-declaration-per-endpoint.md). The declarations
// (./planning.ts, ./shops.ts) take their address from here.
import type { HttpMethod } from '../endpoint';

// Method and path say which endpoint it is (the web's client finds the declaration's types by them).
const at = <const M extends HttpMethod, const P extends string>(method: M, path: P) => ({ method, path });

export const createAppointment = at('POST', '/appointments');
export const updateAppointment = at('PATCH', '/appointments/:ref');
export const deleteAppointment = at('DELETE', '/appointments/:ref');
export const importAppointments = at('POST', '/appointments/import');
export const todaysAppointments = at('GET', '/me/today');
export const dueShopsOfMine = at('GET', '/me/due-shops');
export const shopPlanOf = at('GET', '/shops/:id/plan');
export const calendarSubscriptionStatus = at('GET', '/calendar/subscription');
export const startCalendarSubscription = at('POST', '/calendar/subscription');
export const revokeCalendarSubscription = at('DELETE', '/calendar/subscription');
export const calendarFeed = at('GET', '/calendar/feed/:token.ics');
export const registerShop = at('POST', '/shops/register');
export const submitVisit = at('POST', '/shops/:id/prospections');
