// The Dutch of Home's Vandaag, Te bezoeken and In de buurt, said once for the web app (web/src/i18n/nlPlanning.ts) and the page the server writes for
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
