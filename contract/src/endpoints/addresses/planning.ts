// Planning (../planning.ts): where each is called, without its schemas.
import { at } from './at';

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
