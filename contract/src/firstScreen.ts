// The Dutch of the first screen a rep sees (the header, Home's greeting, her open to-dos and Home's cards),
// said once for both who draw it: the web app (web/src/i18n, components/Icon.tsx) and the page the server writes for
// a signed-in Home before the app's code has run (server/src/ops/firstScreenPage.ts, decision 073).

export const appTexts = { appName: 'Prospectie', demoLabel: 'demo' };

export const navTexts = {
  home: 'Home',
  agenda: 'Agenda',
  map: 'Kaart',
  report: 'Voorbeeldrapport',
  back: 'Terug',
  logout: 'Afmelden',
  admin: 'Beheer',
  settings: 'Instellingen',
  mainNav: 'Hoofdmenu',
  breadcrumbs: 'Kruimelpad',
};

/** The breadcrumbs' first two, all Home shows, and a shop page's third (the web's nl.breadcrumbs has the rest). */
export const crumbTexts = { index: 'Index', home: 'Home', shop: 'Winkel' };

/** What the header and Home say of her to-dos; the page Mijn taken has its own texts (web: nlTodos.ts). */
export const todoTexts = {
  title: 'Mijn taken',
  openCount: (n: number) => `Je hebt ${n} open ${n === 1 ? 'taak' : 'taken'}`,
  headerLabel: (n: number) => (n ? `Mijn taken (${n} open)` : 'Mijn taken'),
};

export const greeting = (name: string) => `Welkom, ${name}!`;

/** Home's cards under its lists: a next step each (web: HomePage.tsx's NextStep). */
export const homeTexts = {
  shopNotFound: 'Winkel niet gevonden?',
  newShop: 'Nieuwe winkel toevoegen',
  noReportYet: 'Je hebt nog geen voorbeeldrapport.',
  newReport: 'Voorbeeldrapport schrijven',
  teamOverview: 'Bezoeken, dekking, taken en brands van het team',
  ownOverview: 'Je bezoeken, dekking, taken en brands',
  toTeamOverview: 'Overzicht',
  toOwnOverview: 'Mijn overzicht',
};
export const shopSelectLabel = 'Zoek een winkel op naam, stad of klant';
export const selectPlaceholder = 'Kies...';

/** The calendar's texts Vandaag shows too. */
export const calendarTexts = { noDetails: 'Geen details', allDay: 'Hele dag' };
