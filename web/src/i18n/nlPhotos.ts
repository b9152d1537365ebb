// The Dutch of a visit's pictures (decision 035): the wizard's Foto's section, the pictures waiting to be sent, the
// visit's pictures and the shop's timeline. Its own module, so only the chunks that show pictures carry it.
export const nlPhotos = {
  title: "Foto's",
  intro: 'Etalage, displays, de merkenhoek: wat je ziet, bewaard bij dit bezoek.',
  count: (n: number, max: number) => `${n} van ${max} foto's`,
  take: 'Foto nemen',
  pick: 'Kies uit galerij',
  shrinking: 'Foto wordt verkleind...',
  full: (max: number) => `Je hebt het maximum van ${max} foto's voor dit bezoek bereikt. Verwijder er een om een nieuwe te nemen.`,
  noRoom:
    "Het geheugen van dit toestel is bijna vol: een nieuwe foto kan niet bewaard worden. Maak ruimte vrij (verwijder bijvoorbeeld foto's of apps) of verzend eerst dit bezoek.",
  notKept: 'Deze foto kon niet bewaard worden op dit toestel. Probeer het opnieuw.',
  unreadable: 'Dit bestand kon niet gelezen worden als foto. Kies een andere foto.',
  tooMany: (max: number, skipped: number) =>
    skipped === 1
      ? `Er kunnen maximaal ${max} foto's bij een bezoek: 1 foto werd niet toegevoegd.`
      : `Er kunnen maximaal ${max} foto's bij een bezoek: ${skipped} foto's werden niet toegevoegd.`,
  photoLabel: (n: number) => `Foto ${n}`,
  captionOf: (n: number) => `Bijschrift bij foto ${n} (optioneel)`,
  tagOf: (n: number) => `Merk bij foto ${n} (optioneel)`,
  noTag: 'Geen merk',
  fc70Brands: 'FC70-merken',
  competitorBrands: 'Concurrenten',
  remove: 'Verwijderen',
  removeOf: (n: number) => `Foto ${n} verwijderen`,
  kept: "Je foto's worden bewaard op dit toestel en na je bezoek verzonden.",
  // Waiting to be sent.
  waiting: (n: number) => (n === 1 ? '1 foto wacht op verzending' : `${n} foto's wachten op verzending`),
  refused: (message: string) => `Een foto werd niet aanvaard: ${message}`,
  drop: 'Foto laten vallen',
  sent: "De foto's van je bezoek zijn verzonden.",
  // Reading.
  noVisitPhotos: "Bij dit bezoek werden geen foto's genomen.",
  printed: (n: number) =>
    n === 1 ? 'Bij dit bezoek hoort 1 foto: bekijk ze in Prospectie.' : `Bij dit bezoek horen ${n} foto's: bekijk ze in Prospectie.`,
  loading: "Foto's worden geladen...",
  open: (label: string) => `${label}: groot bekijken`,
  viewerTitle: (n: number, total: number) => `Foto ${n} van ${total}`,
  previous: 'Vorige',
  next: 'Volgende',
  close: 'Sluiten',
  viewerHelp: 'Veeg of gebruik de pijltjestoetsen om naar de vorige of volgende foto te gaan.',
  timelineEmpty: "Nog geen foto's van deze winkel. Neem er een in je volgende bezoek.",
  visitOffline: "De foto's van dit bezoek kunnen pas getoond worden als je weer verbinding hebt.",
  timelineOffline: "De foto's van deze winkel kunnen pas getoond worden als je weer verbinding hebt.",
  visitBy: (date: string, name: string) => `${date} · ${name}`,
  toVisit: 'Bekijk bezoek',
  more: "Meer foto's laden",
  loadingMore: 'Bezig met laden...',
};
