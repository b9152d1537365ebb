// Where shops are (decision 071): the map, In de buurt, the order of Vandaag's visits, 'Ik sta in deze winkel' and the
// administration's pins. A module of its own: Home's first download does not carry it.
import { nearbyTexts } from '@prospectie/contract/first-screen-today';
import { PIPELINE_STATUS_LABELS } from '@prospectie/contract/pipeline';

/** '1,2 km' the Flemish way (one decimal, a comma). */
let kilometres: Intl.NumberFormat | undefined;
const km = (value: number) =>
  (kilometres ??= new Intl.NumberFormat('nl-BE', { minimumFractionDigits: 1, maximumFractionDigits: 1 })).format(value);

/** A distance as a rep reads it: metres (by ten) under a kilometre, else kilometres with one decimal. */
export function formatDistance(distanceKm: number): string {
  const metres = Math.round((distanceKm * 1000) / 10) * 10;
  return metres < 1000 ? `${metres} m` : `${km(distanceKm)} km`;
}

export const nlMap = {
  title: 'Kaart',
  mapLabel: 'Kaart van de winkels',
  /** A shop whose name is not on this device (the shop list was never loaded). */
  unnamed: (id: number) => `Winkel ${id}`,
  status: { ...PIPELINE_STATUS_LABELS, unknown: 'Stand onbekend' },
  loading: 'De winkels worden op de kaart gezet...',
  placesLoading: 'De liggingen van de winkels worden geladen...',
  placesNotOnDevice: 'De liggingen van de winkels staan nog niet op dit toestel: ze worden opgehaald zodra er verbinding is.',
  noPlaces: 'Nog geen enkele winkel heeft een ligging.',
  noneLeft: 'Geen winkels voor deze filters.',
  offline: 'Je bent offline: de winkels komen van dit toestel, maar de kaart zelf kan ontbreken.',
  tilesFailed: 'Een deel van de kaart kon niet geladen worden. De winkels staan er wel op.',
  statusesNotOnDevice: 'De stand van de winkels staat niet op dit toestel: ze staan er zonder kleur op.',
  shownCount: (n: number) => (n === 1 ? '1 winkel op de kaart' : `${n.toLocaleString('nl-BE')} winkels op de kaart`),
  cluster: (n: number) => `${n} winkels: inzoomen`,
  marker: (name: string, status: string, mark: string | null) => [name, status, mark].filter(Boolean).join(', '),
  filters: {
    button: 'Filters',
    buttonActive: (n: number) => `Filters (${n})`,
    title: 'Filters',
    status: 'Stand',
    brand: 'FC70-merk',
    allBrands: 'Alle merken (de verste stand)',
    rep: 'Vertegenwoordiger',
    everyone: 'Iedereen',
    mine: 'Mijn winkels',
    nobody: 'Niemand toegewezen',
    reset: 'Alles tonen',
    close: 'Sluiten',
  },
  legend: {
    title: 'Legende',
    due: 'Te bezoeken',
    planned: 'Gepland',
    cluster: 'Groep winkels, met hun aantal',
  },
  list: {
    button: 'Lijst',
    title: 'Winkels in beeld',
    count: (shown: number, total: number) =>
      total === 0
        ? 'Geen winkels in beeld.'
        : shown < total
          ? `De ${shown} dichtst bij het midden, van ${total} in beeld.`
          : total === 1
            ? '1 winkel in beeld.'
            : `${total} winkels in beeld.`,
    close: 'Sluiten',
  },
  card: {
    close: 'Sluiten',
    due: 'Te bezoeken',
    planned: 'Gepland',
    route: 'Route',
    routeTo: (name: string) => `Route naar ${name} (opent je kaartenapp)`,
    unknown: 'Deze winkel staat niet op dit toestel.',
  },
  location: {
    asking: 'Je locatie wordt gevraagd...',
    failed: {
      denied: 'Je gaf Prospectie geen toegang tot je locatie. Sta ze toe in de instellingen van je browser, of zoek de winkel op naam.',
      unavailable: 'Je toestel kon je locatie niet bepalen. Staat locatie aan? Probeer het opnieuw, of zoek de winkel op naam.',
      timeout: 'Je locatie bepalen duurde te lang. Probeer het opnieuw, liefst buiten of bij een raam.',
      unsupported: 'Deze browser kan je locatie niet bepalen. Zoek de winkel op naam.',
    },
    retry: 'Opnieuw proberen',
  },
  nearby: {
    ...nearbyTexts,
    again: 'Opnieuw bepalen',
    none: 'Er staan nog geen winkels met een ligging op dit toestel.',
    rough: (metres: number) => `Je toestel kent je locatie maar tot op ${formatDistance(metres / 1000)}: de afstanden zijn even ruw.`,
  },
  route: {
    order: 'Volgorde van de route',
    why: 'Prospectie gebruikt je locatie enkel op dit toestel om de volgorde van je bezoeken te bepalen.',
    title: 'Route van vandaag',
    explanation: 'Van waar je nu bent, in vogelvlucht: de kortste volgorde langs je bezoeken van vandaag.',
    leg: (distance: string) => `${distance} vanaf de vorige`,
    first: (distance: string) => `${distance} vanaf waar je bent`,
    open: 'Route openen',
    next: 'Volgende deel van de route',
    part: (n: number, of: number) => `deel ${n} van ${of}`,
    total: (distance: string) => `Samen ${distance} in vogelvlucht.`,
    withoutPlace: (names: string) => `Zonder ligging, dus niet in de route: ${names}.`,
    none: 'Vandaag heeft geen bezoeken meer aan een winkel met een ligging.',
  },
  pin: {
    marker: 'Speld van de winkel (sleep ze naar de juiste plek)',
  },
  /** Beheer › Winkels zonder ligging. */
  unplaced: {
    title: 'Winkels zonder ligging',
    intro:
      'Deze winkels staan nog niet op de kaart. Zet hun speld met de hand, of laat de volgende import met breedtegraad en lengtegraad, de geocoder of een vertegenwoordiger in de winkel het doen.',
    loading: 'Winkels zonder ligging worden geladen...',
    empty: 'Elke winkel heeft een ligging.',
    shown: (shown: number, total: number) => `${shown} van ${total} ${total === 1 ? 'winkel' : 'winkels'} zonder ligging.`,
    all: 'Dat zijn ze allemaal.',
    noAddress: 'Geen adres bekend',
    columns: { shop: 'Winkel', address: 'Adres', action: 'Actie' },
    pin: 'Speld zetten',
    pinAt: (name: string) => `Speld zetten voor ${name}`,
    dialogTitle: (name: string) => `Ligging van ${name}`,
    howTo: 'Klik op de kaart waar de winkel is, sleep de speld bij, of typ de breedtegraad en lengtegraad.',
    mapLabel: (name: string) => `Kaart om de speld van ${name} te zetten`,
    mapLoading: 'De kaart wordt geladen...',
    latitude: 'Breedtegraad',
    longitude: 'Lengtegraad',
    latitudeInvalid: 'Geef een breedtegraad tussen -90 en 90, bv. 51,05430.',
    longitudeInvalid: 'Geef een lengtegraad tussen -180 en 180, bv. 3,71740.',
    pinMissing: 'Zet eerst de speld op de kaart, of typ de breedtegraad en lengtegraad.',
    save: 'Bewaren',
    saved: (name: string) => `De ligging van ${name} is bewaard.`,
  },
  here: {
    title: 'Ligging van de winkel',
    explanation: 'Deze winkel staat nog niet op de kaart. Sta je erin? Dan wordt je locatie zijn ligging.',
    why: 'Prospectie bewaart je locatie enkel als ligging van deze winkel, en enkel als die er nog geen heeft.',
    button: 'Ik sta in deze winkel',
    saving: 'Wordt bewaard...',
    saved: 'De ligging van de winkel is bewaard. Hij staat nu op de kaart.',
    already: 'Deze winkel had al een ligging: die blijft.',
    inaccurate: (metres: number, max: number) =>
      `Je locatie is niet nauwkeurig genoeg (tot op ${Math.round(metres)} m; ten hoogste ${max} m). Probeer het opnieuw, liefst bij een raam of in de deuropening.`,
    offline: 'Zonder verbinding kan de ligging niet bewaard worden. Probeer het opnieuw zodra er verbinding is.',
  },
};
