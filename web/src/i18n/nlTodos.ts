// The page Mijn taken and a visit's to-dos: texts that load with those screens, not with Home.
export const nlTodos = {
  notOnDevice: 'Je taken staan niet op dit toestel.',
  filterLabel: 'Toon',
  filters: { open: 'Open', done: 'Afgewerkt', all: 'Alle' },
  statusNames: { 1: 'Open', 2: 'Afgewerkt' } as Record<number, string>,
  empty: { open: 'Je hebt geen open taken.', done: 'Nog geen afgewerkte taken.', all: 'Er zijn nog geen taken aan jou toegewezen.' },
  markDone: 'Markeer als afgewerkt',
  reopen: 'Heropen',
  shop: 'Winkel',
  visit: 'Bekijk bezoek',
  createdBy: (name: string, date: string) => `Aangemaakt door ${name} op ${date}`,
  updateFailed: 'De status kon niet gewijzigd worden. Probeer het later opnieuw.',
  noShop: 'Geen winkel',
  groupTitles: {
    open: (n: number) => `Open (${n})`,
    done: (n: number) => `Afgewerkt (${n})`,
  },
  countLabel: (n: number) => (n === 1 ? '1 taak' : `${n} taken`),
  searchLabel: 'Zoek in je taken',
  searchPlaceholder: 'Titel, winkel, beschrijving...',
  noMatch: (query: string) => `Geen taken gevonden voor "${query}".`,
  /** The to-do a mail's link points at (?taak=). */
  target: 'Deze taak',
  targetMissing: 'Deze taak staat niet (meer) op je lijst.',
};
