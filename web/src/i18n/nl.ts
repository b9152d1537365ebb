// Every Dutch text the app shows, once. Texts the spec quotes are copied exactly. The first screen's are in the contract
// (contract/src/firstScreen.ts): the page the server writes for Home draws them too.
import {
  appTexts,
  calendarTexts,
  crumbTexts,
  greeting,
  homeTexts,
  navTexts,
  selectPlaceholder,
  shopSelectLabel,
  todoTexts,
} from '@prospectie/contract/first-screen';

/** Spec texts that both a screen and an API error code show. */
export const mustSignIn = 'Je moet eerst ingelogd zijn om verder te gaan';
export const userNotFound = 'Gebruiker niet gevonden. Probeer opnieuw aan te melden.';
export const invalidUser = 'Geen geldige gebruiker. Probeer opnieuw in te loggen.';
export const invalidCity = 'Geen geldige stad geselecteerd.';

export const nl = {
  ...appTexts,
  nav: navTexts,
  breadcrumbs: {
    ...crumbTexts,
    prospections: 'Prospecties',
    new: 'Nieuw',
    agenda: 'Agenda',
    kaart: 'Kaart',
    prospectionreport: 'Voorbeeldrapport',
    taken: 'Taken',
    beheer: 'Beheer',
    overzicht: 'Overzicht',
    medewerkers: 'Medewerkers',
    merken: 'Merken',
    seizoenen: 'Seizoenen',
    importeren: 'Winkels importeren',
    landen: 'Landen en steden',
    liggingen: 'Winkels zonder ligging',
    logboek: 'Logboek',
    'e-mails': 'E-mails',
    detail: 'Detail',
    /** The shop's crumb offline, when the shop is not on this device. */
    notOnDevice: 'Niet beschikbaar',
  },
  auth: {
    mustSignIn,
    signIn: 'Inloggen',
    signInFailed: 'Inloggen gefaald',
    tryAgain: 'Probeer opnieuw',
    userNotFound,
    demoEmailLabel: 'E-mailadres',
    demoEmailHelp: 'Demo-omgeving: meld je aan met het e-mailadres van een gekende gebruiker.',
    signingIn: 'Bezig met aanmelden...',
    signingOut: 'Bezig met afmelden...',
    loading: 'Bezig met laden...',
  },
  errors: {
    generic: 'Er ging iets mis. Probeer het later opnieuw.',
    pageTitle: 'Fout',
    page: 'Oeps, er ging iets mis. Probeer opnieuw in te loggen of probeer het later opnieuw.',
    notFoundTitle: 'Pagina niet gevonden',
    notFound: 'Deze pagina bestaat niet. Controleer het adres of ga terug naar Home.',
    loadFailed: 'De gegevens konden niet geladen worden.',
    retry: 'Opnieuw proberen',
    offline: 'Geen verbinding met de server. Controleer je verbinding.',
  },
  /** What the header and Home say of her to-dos; the page Mijn taken has its own texts (nlTodos.ts). */
  todos: todoTexts,
  home: {
    greeting,
    shopSelectLabel,
    ...homeTexts,
    clearShopSearch: 'Wissen',
    toggleShopList: 'Winkellijst tonen',
    shopsFound: (count: number) => (count === 1 ? '1 winkel gevonden' : `${count} winkels gevonden`),
  },
  /** The select widgets' texts in Dutch: the spec lists react-select's untranslated defaults (DESIGN.md difference 9). */
  select: { noOptions: 'Geen resultaten', loading: 'Laden...', placeholder: selectPlaceholder },
  notAvailable: 'N/A',
  /** The shop's name where a shop is missing (breadcrumb, errors); the shop page's own texts are in nlShop.ts. */
  shop: {
    notFound: 'Winkel niet gevonden',
  },
  /** The calendar's texts Home shows too; the rest are in nlCalendar.ts. */
  calendar: calendarTexts,
  /** The word on the page a rep lands on after sending (dismissible). */
  sent: {
    visit: 'Prospectie verzonden',
    shop: 'Winkel toegevoegd',
    visitQueued: 'Geen verbinding: je prospectie is bewaard op dit toestel en wordt verzonden zodra er verbinding is.',
    shopQueued: 'Geen verbinding: de nieuwe winkel is bewaard op dit toestel en wordt toegevoegd zodra er verbinding is.',
    close: 'Sluiten',
  },
  offline: {
    /** `when` is formatted by offlineAge(): 'vandaag om 10:32' or '22 november om 17:05'. */
    banner: (when: string) => `Je bent offline. Je ziet de gegevens van ${when}.`,
    bannerNoData: 'Je bent offline. Wat je nu ziet, kan verouderd zijn.',
    today: (time: string) => `vandaag om ${time}`,
    otherDay: (day: string, time: string) => `${day} om ${time}`,
    waitingCount: (n: number) => (n === 1 ? '1 item wacht op verbinding.' : `${n} items wachten op verbinding.`),
    sendingCount: (n: number) => (n === 1 ? '1 item wordt verzonden.' : `${n} items worden verzonden.`),
    paused: 'Je sessie is verlopen. Meld je opnieuw aan, dan wordt wat wacht verzonden.',
    visitSent: 'Je prospectie is verzonden.',
    appointmentSent: 'Je afspraak is verzonden.',
    pipelineSent: 'De stand van het merk is verzonden.',
    shopSent: (name: string) => `De nieuwe winkel ${name} is verzonden.`,
    refusedShop: (name: string, message: string) => `De server weigerde de nieuwe winkel ${name}: ${message}`,
    edit: 'Aanpassen',
    // Not 'Later verzenden': next to the Verzenden button, two buttons would share that word.
    sendLater: 'Later versturen',
    close: 'Sluiten',
    updateAvailable: 'Nieuwe versie beschikbaar',
    reload: 'Herladen',
    /** Offline, for what this device does not hold (it was never opened with a connection). */
    notOnDevice: {
      title: 'Niet beschikbaar zonder verbinding',
      shops: 'De winkellijst staat nog niet op dit toestel: ze wordt opgehaald zodra er verbinding is.',
      screen: 'Dit scherm staat nog niet op dit toestel: het opent zodra er verbinding is.',
    },
  },
} as const;

/** What the rep reads for each error code of the API (contract/src/errors.ts); the server sends codes, not prose. */
