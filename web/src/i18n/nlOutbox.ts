// What waits on the device, said where it is dealt with: the list of visits waiting to be sent or refused, a
// refused draft reopened, and signing out with unsent items. A module of its own, so only the chunks that show
// these carry them and the first download does not; the offline bar's texts stay in nl.ts.
export const nlOutbox = {
  /** A whole page not on the device (components/NotOnDevicePage.tsx): what she can still do. */
  notOnDeviceAvailable:
    'Wat je eerder met verbinding opende, staat op dit toestel en kun je ook nu bekijken. Een prospectie of nieuwe winkel die je nu verzendt, wacht op dit toestel tot er verbinding is.',
  waiting: 'Wacht op verbinding',
  // Online: the item on its way now, and the ones behind it.
  sending: 'Wordt verzonden',
  sendingProgress: 'Voortgang van het verzenden',
  queued: 'In de wachtrij',
  waitingVisits: 'Nog te verzenden',
  visitTitle: (date: string) => `Prospectie van ${date}`,
  refused: 'Geweigerd',
  refusedVisit: (message: string) => `De server weigerde deze prospectie: ${message}`,
  refusedDraft: (message: string) => `De server weigerde je eerder verzonden invoer: ${message} Pas ze aan en verzend opnieuw.`,
  logoutTitle: 'Afmelden?',
  logoutWarning: (n: number) =>
    n === 1
      ? 'Er wacht nog 1 item op verzending. Als je nu afmeldt, wordt het van dit toestel gewist en gaat het verloren.'
      : `Er wachten nog ${n} items op verzending. Als je nu afmeldt, worden ze van dit toestel gewist en gaan ze verloren.`,
  logoutDraftWarning:
    'Er staat een niet-verzonden prospectie op dit toestel. Als je nu afmeldt, wordt ze van dit toestel gewist en gaat ze verloren.',
  logoutAnyway: 'Toch afmelden',
  cancel: 'Annuleren',
};
