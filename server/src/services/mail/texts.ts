// The Dutch of every mail, once (server/src/texts.ts holds the server's other texts). Plain sentences; the HTML is
// drawn from the same pieces (./render.ts). No contact details of shops in a mail: a shop is its name and city.
const dateLong = new Intl.DateTimeFormat('nl-BE', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
/** 'vrijdag 26 maart' of YYYY-MM-DD. */
export const longDate = (date: string) => dateLong.format(new Date(`${date.slice(0, 10)}T12:00:00Z`));
const dateShort = new Intl.DateTimeFormat('nl-BE', { day: 'numeric', month: 'long', timeZone: 'UTC' });
const shortDate = (date: string) => dateShort.format(new Date(`${date.slice(0, 10)}T12:00:00Z`));

export const mailTexts = {
  greeting: (firstName: string) => `Dag ${firstName},`,
  todo: {
    subject: (from: string, count: number, first: string) =>
      count === 1 ? `Nieuwe taak van ${from}: ${first}` : `${count} nieuwe taken van ${from}`,
    intro: (from: string, count: number, visit: { shop: string; date: string } | null) =>
      `${from} gaf je ${count === 1 ? 'een taak' : `${count} taken`}` +
      (visit ? ` na het bezoek aan ${visit.shop} op ${shortDate(visit.date)}:` : ':'),
    open: 'Taak openen',
    visit: 'Bezoek bekijken',
    why: 'Je krijgt deze e-mail omdat iemand je een taak gaf in Prospectie.',
    stop: 'Geen e-mail meer bij een nieuwe taak',
  },
  digest: {
    subject: (date: string) => `Je dag in Prospectie: ${longDate(date)}`,
    intro: (date: string) => `Dit staat er voor ${longDate(date)} klaar:`,
    appointments: 'Afspraken vandaag',
    allDay: 'hele dag',
    todos: 'Open taken',
    todoSince: (days: number) => (days <= 0 ? 'van vandaag' : days === 1 ? 'sinds gisteren' : `sinds ${days} dagen`),
    followUps: 'Op te volgen',
    overdue: (date: string) => `gepland voor ${shortDate(date)}`,
    dueShops: 'Te bezoeken',
    neverVisited: 'nog nooit bezocht',
    daysSince: (days: number) => `${days} dagen niet bezocht`,
    windowLeft: (days: number, season: string) => (days === 0 ? `laatste dag voor ${season}` : `nog ${days} dagen voor ${season}`),
    more: (count: number) => `en nog ${count}`,
    open: 'Prospectie openen',
    why: 'Je krijgt dit overzicht omdat je het aanzette in je instellingen van Prospectie.',
    stop: 'Geen ochtendoverzicht meer',
  },
  settings: 'Instellingen',
} as const;
