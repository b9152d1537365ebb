// What planning gives the other screens (STYLE.md: a feature's public index): Home's Vandaag and Te bezoeken and
// their reads, the shop page's plan. Screens import planning only from here; the calendar itself is a route of its own.
export { dueShopsQuery, todayAppointmentsQuery } from './queries';
export { ShopPlan } from './ShopPlan';
/** Bezoek plannen for a list that offers it (Opvolgen: features/pipeline): its dialog and what it says after. */
export { usePlanVisit } from './PlanningLists';
/** Home's planning lists, loaded beside Home's first download (features/home/HomePage.tsx). */
export const planningListsCode = () => import('./PlanningLists');
