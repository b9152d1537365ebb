// Every Dutch text the app shows, once. Texts the spec quotes are copied exactly.

/** Spec texts that both a screen and an API error code show. */
export const mustSignIn = 'Je moet eerst ingelogd zijn om verder te gaan';
export const userNotFound = 'Gebruiker niet gevonden. Probeer opnieuw aan te melden.';
export const invalidUser = 'Geen geldige gebruiker. Probeer opnieuw in te loggen.';
export const invalidCity = 'Geen geldige stad geselecteerd.';

export const nl = {
  appName: 'Prospectie',
  demoLabel: 'demo',
  nav: {
    home: 'Home',
    agenda: 'Agenda',
    report: 'Voorbeeldrapport',
    back: 'Terug',
    logout: 'Afmelden',
    admin: 'Beheer',
    mainNav: 'Hoofdmenu',
    breadcrumbs: 'Kruimelpad',
  },
  breadcrumbs: {
    index: 'Index',
    home: 'Home',
    shop: 'Winkel',
    prospections: 'Prospecties',
    new: 'Nieuw',
    agenda: 'Agenda',
    prospectionreport: 'Voorbeeldrapport',
    taken: 'Taken',
    beheer: 'Beheer',
    overzicht: 'Overzicht',
    medewerkers: 'Medewerkers',
    merken: 'Merken',
    importeren: 'Winkels importeren',
    landen: 'Landen en steden',
    logboek: 'Logboek',
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
    /** Why single sign-on failed, per code the server's callback sends back (?loginError=). */
    loginErrors: {
      unknown_user: userNotFound,
      access_denied: 'Het aanmelden werd geweigerd of geannuleerd bij de aanmeldpagina van je organisatie.',
      invalid_grant: 'De aanmelding is verlopen of ongeldig geworden.',
      timeout: 'De aanmeldserver van je organisatie antwoordde niet op tijd.',
      unreachable: 'De aanmeldserver van je organisatie is niet bereikbaar.',
      expired: 'Het aanmelden duurde te lang of werd onderbroken.',
      deactivated: 'Je account is gedeactiveerd. Vraag de beheerder van Prospectie om het opnieuw te activeren.',
      failed: 'Er ging iets mis bij het aanmelden. Probeer het later opnieuw.',
    },
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
  unsaved: {
    confirm: 'Niet-opgeslagen wijzigingen zullen verloren gaan. Toch verdergaan?',
    title: 'Pagina verlaten?',
    leave: 'Verdergaan',
    stay: 'Blijven',
  },
  /** What the header and Home say of her to-dos; the page Mijn taken has its own texts (nlTodos.ts). */
  todos: {
    title: 'Mijn taken',
    openCount: (n: number) => `Je hebt ${n} open ${n === 1 ? 'taak' : 'taken'}`,
    headerLabel: (n: number) => (n ? `Mijn taken (${n} open)` : 'Mijn taken'),
  },
  home: {
    greeting: (name: string) => `Welkom, ${name}!`,
    shopSelectLabel: 'Zoek een winkel op naam, stad of klant',
    shopNotFound: 'Winkel niet gevonden?',
    newShop: 'Nieuwe winkel toevoegen',
    noReportYet: 'Je hebt nog geen voorbeeldrapport.',
    newReport: 'Voorbeeldrapport schrijven',
    clearShopSearch: 'Wissen',
    toggleShopList: 'Winkellijst tonen',
    shopsFound: (count: number) => (count === 1 ? '1 winkel gevonden' : `${count} winkels gevonden`),
    teamOverview: 'Bezoeken, dekking, taken en brands van het team',
    ownOverview: 'Je bezoeken, dekking, taken en brands',
    toTeamOverview: 'Overzicht',
    toOwnOverview: 'Mijn overzicht',
  },
  /** The select widgets' texts in Dutch: the spec lists react-select's untranslated defaults (DESIGN.md difference 9). */
  select: { noOptions: 'Geen resultaten', loading: 'Laden...', placeholder: 'Kies...' },
  /** The Dutch button over the browser's own file button, and what it says before a file is chosen. */
  fileField: { choose: 'Bestand kiezen...', none: 'Geen bestand gekozen' },
  notAvailable: 'N/A',
  /** The shop's name where a shop is missing (breadcrumb, errors); the shop page's own texts are in nlShop.ts. */
  shop: {
    notFound: 'Winkel niet gevonden',
  },
  /** The calendar's texts Home shows too; the rest are in nlCalendar.ts. */
  calendar: {
    noDetails: 'Geen details',
    allDay: 'Hele dag',
  },
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
      shop: 'Deze winkel staat niet op dit toestel: je opende ze nog niet met verbinding.',
      visits: 'De prospecties van deze winkel staan niet op dit toestel.',
      visit: 'Deze prospectie staat niet op dit toestel: je opende ze nog niet met verbinding.',
      todos: 'Je taken staan niet op dit toestel.',
      shops: 'De winkellijst staat nog niet op dit toestel: ze wordt opgehaald zodra er verbinding is.',
      report: 'Je voorbeeldrapport staat niet op dit toestel.',
      appointments: 'De afspraken van deze periode staan niet op dit toestel: de agenda toont alleen wat je eerder met verbinding opende.',
      available:
        'Wat je eerder met verbinding opende, staat op dit toestel en kun je ook nu bekijken. Een prospectie of nieuwe winkel die je nu verzendt, wacht op dit toestel tot er verbinding is.',
    },
  },
} as const;

/** What the rep reads for each error code of the API (contract/src/errors.ts); the server sends codes, not prose. */
