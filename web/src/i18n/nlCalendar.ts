// The calendar's Dutch (spec §2 "Calendar"): a module of its own, so only the calendar's chunk carries it and the
// first download does not. 'Hele dag' and 'Geen details', which Home shows too, stay in nl.ts.
import { nl } from './nl';

export const nlCalendar = {
  notOnDevice: 'De afspraken van deze periode staan niet op dit toestel: de agenda toont alleen wat je eerder met verbinding opende.',
  /** Agenda importeren, when none of a file's events falls in the window. */
  icsNothingInWindow: (skipped: number) =>
    `Er werd niets geïmporteerd: ${skipped === 1 ? 'het enige agenda-item' : `alle ${skipped} agenda-items`} van dit bestand ${skipped === 1 ? 'valt' : 'vallen'} buiten de periode van 30 dagen terug tot een jaar vooruit. Exporteer in Outlook een recentere periode.`,
  ...nl.calendar,
  title: 'Agenda',
  compareLabel: 'Vergelijk met de kalender van een collega:',
  consultLabel: 'Raadpleeg de kalender van een collega:',
  noAppointments: 'Geen afspraken teruggevonden voor deze gebruiker.',
  loading: 'Agenda wordt geladen...',
  start: 'Start:',
  end: 'Eind:',
  owner: 'Agenda van:',
  close: 'Sluiten',
  legend: 'Legende',
  own: (name: string) => `${name} (mijn agenda)`,
  buttons: { prev: 'Vorige', next: 'Volgende', today: 'Vandaag', year: 'Jaar', month: 'Maand', week: 'Week', day: 'Dag', list: 'Lijst' },
  moreLink: 'extra',
  /** What a month cell's "+n extra" does, read by screen readers after its text. */
  moreHint: (day: string) => `alle afspraken van ${day} tonen`,
  /** How many appointments the day's list holds (read by screen readers). */
  dayCount: (count: number) => (count === 1 ? '1 afspraak' : `${count} afspraken`),
  noEvents: 'Geen evenementen om te laten zien',
  /** The list view's column headers, hidden on screen but read by screen readers. */
  timeHint: 'Tijd',
  eventHint: 'Afspraak',
  closeHint: 'Sluiten',
};
