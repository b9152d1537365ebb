// The Dutch of the first screen a rep sees (the header, Home's greeting, her open to-dos and Vandaag),
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

/**
 * The breadcrumbs' first two, all Home shows. The web's nl.breadcrumbs says them again (shared, they cost Home's first
 * download bytes it has not got: decision 073); e2e/tests/first-screen.spec.ts holds the two the same.
 */
export const crumbTexts = { index: 'Index', home: 'Home' };

/** What the header and Home say of her to-dos; the page Mijn taken has its own texts (web: nlTodos.ts). */
export const todoTexts = {
  title: 'Mijn taken',
  openCount: (n: number) => `Je hebt ${n} open ${n === 1 ? 'taak' : 'taken'}`,
  headerLabel: (n: number) => (n ? `Mijn taken (${n} open)` : 'Mijn taken'),
};

export const greeting = (name: string) => `Welkom, ${name}!`;
export const shopSelectLabel = 'Zoek een winkel op naam, stad of klant';
export const selectPlaceholder = 'Kies...';

/** The calendar's texts Vandaag shows too. */
export const calendarTexts = { noDetails: 'Geen details', allDay: 'Hele dag' };
