// The Dutch of Home's Vandaag, said once for the web app (web/src/i18n/nlPlanning.ts) and the page the server writes for
// a signed-in Home (server/src/ops/firstScreenPage.ts, decision 073); a module of its own, so that the web keeps it in
// the planning's chunk and out of its entry.

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
