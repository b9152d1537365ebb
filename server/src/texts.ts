// Every Dutch text the server itself writes for people (the operator reading the start-up and the log; later
// command-line messages, export headers and e-mails), once. What the app shows is the web's (web/src/i18n/nl.ts).
import { NOT_INTERESTED_REASON_LABELS, PIPELINE_STATUS_LABELS, type PipelineSource } from '@prospectie/contract/pipeline';
import type { ImportRefusal } from '@prospectie/contract';
export const texts = {
  config: {
    invalid: (problems: string) => `Ongeldige configuratie: ${problems}`,
    minLength16: 'minstens 16 tekens',
    trustProxyFormat: 'een aantal hops (bv. 1) of een lijst proxy-adressen (bv. 10.0.0.1,10.0.0.0/8)',
    oidcNeedsIssuer: 'AUTH_MODE=oidc vraagt OIDC_ISSUER en OIDC_CLIENT_ID.',
    issuerHttps: 'OIDC_ISSUER moet https gebruiken (http mag alleen op 127.0.0.1 of localhost, om te testen).',
    sessionSecretInProduction: 'Zet SESSION_SECRET in productie (NODE_ENV=production).',
    demoOffInProduction: 'Demo-aanmelding is uit in productie (NODE_ENV=production); zet ALLOW_DEMO_LOGIN=true of gebruik AUTH_MODE=oidc.',
    demoOffOnHttps:
      'PUBLIC_URL is https (een publiek adres): demo-aanmelding staat daar uit; gebruik AUTH_MODE=oidc of zet ALLOW_DEMO_LOGIN=true.',
    sessionSecretOnHttps: 'PUBLIC_URL is https (een publiek adres): zet SESSION_SECRET.',
    devOriginsInProduction: 'DEV_WEB_ORIGINS is alleen voor npm run dev, niet in productie.',
    mapTileUrlFormat: 'een adres als https://tile.openstreetmap.org/{z}/{x}/{y}.png, met {z}, {x} en {y}',
    smtpUrlFormat: 'een adres als smtp://gebruiker:wachtwoord@mail.example.be:587 (smtps:// voor TLS vanaf het begin)',
    photoDirMissing: "PHOTO_STORAGE=directory heeft PHOTO_DIR nodig: de map (een volume dat elke instantie koppelt) voor de foto's.",
  },
  dataDir: {
    inUse: (dataDir: string, ownerPid: number) =>
      `DATA_DIR ${dataDir} is al in gebruik door een andere Prospectie-server (proces ${ownerPid}). ` +
      'Stop die eerst, of geef deze server een eigen DATA_DIR of een DATABASE_URL.',
    lockFailed: (file: string) => `Kon ${file} niet vastnemen.`,
  },
  /** The calendar feed a rep subscribes to from her phone (decision 028). */
  calendarFeed: {
    name: 'Prospectie-afspraken',
    /** Spec §3: the title when an appointment has neither name nor remarks. */
    noDetails: 'Geen details',
    /** Before the title of an appointment whose visit is recorded. */
    doneMark: '✓',
    visitRecorded: 'Bezoek geregistreerd in Prospectie.',
  },
  /** What every command says (npm run admin, import, backup, restore). */
  commands: {
    stopServerFirst: 'Stop eerst de server: de ingebouwde databank (PGlite) heeft maar één eigenaar tegelijk.',
  },
  /** `npm run admin -- …`: the first administrator (decision 029). */
  adminCommand: {
    usage: 'Gebruik: npm run admin -- grant-beheerder LOGIN   (maakt een bestaand account beheerder)',
    granted: (login: string, name: string) => `${login}${name ? ` (${name})` : ''} is nu beheerder.`,
    unknownLogin: (login: string) => `Geen account met login ${login}. Voeg het eerst toe, of meld je eenmaal aan.`,
  },
  /** `npm run backup -- FILE`, `npm run restore -- FILE [--force]`: the embedded database (decision 030). */
  backupCommand: {
    usage: 'Gebruik: npm run backup -- BESTAND   (kopie van de ingebouwde databank onder DATA_DIR)',
    restoreUsage: 'Gebruik: npm run restore -- BESTAND [--force]   (zet een kopie terug in DATA_DIR)',
    postgresUsesPgDump:
      'DATABASE_URL is gezet: maak een kopie van PostgreSQL met pg_dump -Fc en zet ze terug met pg_restore (zie docs/operations.md, Backups).',
    nothingToBackUp: (dataDir: string) => `In ${dataDir} staat geen databank om te kopiëren.`,
    written: (file: string, bytes: number) => `Kopie geschreven: ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB).`,
    noSuchFile: (file: string) => `Bestand ${file} bestaat niet.`,
    notEmpty: (dataDir: string) =>
      `De databank in ${dataDir} bevat al gegevens. Voeg --force toe om ze te vervangen (de huidige blijft ernaast bewaard).`,
    notABackup: (file: string) => `${file} is geen kopie van een Prospectie-databank; er is niets veranderd.`,
    keptOld: (dir: string) => `De vorige databank staat nu in ${dir}; verwijder die map zelf als ze niet meer nodig is.`,
    restored: (file: string, dataDir: string) => `Kopie ${file} teruggezet in ${dataDir}.`,
  },
  /** `npm run pipeline:replay` (decision 066). */
  pipelineCommand: {
    done: (shops: number, visits: number, seconds: number) =>
      `Pijplijn opnieuw afgeleid: ${shops} winkels, ${visits} bezoeken, in ${seconds.toFixed(1)} s.`,
  },
  /** `npm run import -- shops FILE [--dry-run] [--mapping FILE]` (decision 030). */
  importCommand: {
    usage:
      'Gebruik: npm run import -- shops BESTAND [--dry-run] [--mapping KOPPELING.json]   (winkels uit een CSV- of XLSX-bestand)\n' +
      '         npm run import -- cities BESTAND --country LAND [--dry-run]   (gemeenten en postcodes van een land; kolommen postcode en gemeente)',
    cityColumnsMissing: 'Het bestand heeft geen kolommen postcode en gemeente. Er werd niets geïmporteerd.',
    noSuchFile: (file: string) => `Bestand ${file} kon niet gelezen worden.`,
    badMapping: (file: string) =>
      `${file} is geen geldige koppeling: verwacht een JSON-object van veld naar kolomnaam, bv. {"externalNumber": "Klantnr"}.`,
    refusedRow: (row: number, number: string | null, reason: string) =>
      `Rij ${row}${number ? ` (klantnummer ${number})` : ''} geweigerd: ${reason}`,
    mergeCandidate: (row: number, number: string, shopId: number, name: string) =>
      `Rij ${row} (klantnummer ${number}) lijkt op winkel ${shopId} (${name}) die een vertegenwoordiger zelf aanmaakte: samenvoegen kan later.`,
    counts: (c: { new: number; changed: number; unchanged: number; refused: number }, applied: boolean) =>
      `${applied ? 'Geïmporteerd' : 'Proef (niets gewijzigd)'}: ${c.new} nieuw, ${c.changed} gewijzigd, ${c.unchanged} ongewijzigd, ${c.refused} geweigerd.`,
    /** The same reasons as the web's importRefusals (web/src/i18n/nlAdmin.ts), for the operator. */
    reasons: {
      number_missing: 'geen klantnummer.',
      number_duplicate: 'dit klantnummer staat al op een eerdere rij.',
      name_missing: 'geen naam.',
      postal_code_missing: 'geen postcode.',
      city_missing: 'geen gemeente.',
      country_unknown: 'onbekend land.',
      city_unknown: 'geen gemeente met deze postcode en naam in dit land.',
      rep_unknown: 'geen vertegenwoordiger met deze login.',
      rep_inactive: 'deze vertegenwoordiger is gedeactiveerd.',
      value_too_long: 'een waarde is te lang.',
      brand_unknown: 'een merk in de kolom merken is geen FC70-merk.',
      coordinates_invalid: 'breedtegraad of lengtegraad is geen geldig getal, of een van beide ontbreekt.',
      coordinates_swapped: 'breedtegraad en lengtegraad staan omgewisseld.',
    } satisfies Record<ImportRefusal, string>,
    fileErrors: {
      import_file_type: 'Dit is geen CSV- of Excel-bestand (.csv of .xlsx). Er werd niets geïmporteerd.',
      import_file_empty: 'Dit bestand bevat geen rijen om te importeren. Er werd niets geïmporteerd.',
      import_file_unreadable: 'Dit bestand kon niet gelezen worden (beschadigd of te groot na het uitpakken). Er werd niets geïmporteerd.',
      import_file_too_large: 'Dit bestand is uitgepakt groter dan 100 MB: dat is geen winkellijst. Er werd niets geïmporteerd.',
      import_too_many_rows: 'Dit bestand heeft meer dan 100.000 rijen. Splits het in kleinere bestanden. Er werd niets geïmporteerd.',
      import_too_many_columns: 'Dit bestand heeft meer dan 200 kolommen. Bewaar enkel de nodige kolommen. Er werd niets geïmporteerd.',
      import_cell_too_long: 'Een cel in dit bestand bevat meer dan 2.000 tekens. Er werd niets geïmporteerd.',
      file_too_complex: 'Dit bestand is te groot of te ingewikkeld om in te lezen. Er werd niets geïmporteerd.',
      import_mapping_incomplete:
        'Niet alle verplichte kolommen zijn gevonden: klantnummer, naam, postcode en gemeente (zie docs/operations.md of geef --mapping). Er werd niets geïmporteerd.',
    },
  },
  /** The overview's exports (decision 033): the sheets' names and their columns' headers. */
  overviewExport: {
    sheets: {
      visits: 'Bezoeken',
      brands: 'Merken',
      interests: 'Interesses',
      todos: 'To-dos',
      pipeline: 'Standwijzigingen',
      statuses: 'Stand per winkel',
    },
    /** The pipeline's statuses and reasons (decision 066) as the web says them; the sources in a sheet's words. */
    status: PIPELINE_STATUS_LABELS,
    reason: NOT_INTERESTED_REASON_LABELS,
    source: { visit: 'Bezoek', rep: 'Vertegenwoordiger', import: 'ERP-import', replay: 'Bezoek' } satisfies Record<PipelineSource, string>,
    columns: {
      visitId: 'Bezoek',
      visitDate: 'Datum',
      rep: 'Vertegenwoordiger',
      shopId: 'Winkelnummer',
      shop: 'Winkel',
      customerNumber: 'Klantnummer',
      city: 'Gemeente',
      postalCode: 'Postcode',
      country: 'Land',
      visitType: 'Soort bezoek',
      contactType: 'Soort contact',
      contactName: 'Contactpersoon',
      contactEmail: 'E-mail contactpersoon',
      contactPhone: 'Telefoon contactpersoon',
      visitContext: 'Context',
      competitors: 'Concurrerende merken',
      newBrands: 'Nieuwe merken',
      bestBrands: 'Best verkopende merken',
      worstBrands: 'Slechtst verkopende merken',
      terminatedBrands: 'Stopgezette merken',
      trends: 'Trends',
      extra: 'Extra',
      brand: 'Merk',
      sellout: 'Sell-out (%)',
      selloutRemark: 'Opmerking sell-out',
      remark: 'Opmerking',
      todo: 'To-do',
      todoType: 'Soort to-do',
      todoStatus: 'Status',
      assignees: 'Toegewezen aan',
      todoCreated: 'Aangemaakt op',
      todoRemarks: 'Opmerkingen',
      from: 'Van',
      to: 'Naar',
      source: 'Door',
      reason: 'Reden',
      reasonText: 'Toelichting',
      status: 'Stand',
      since: 'Sinds',
      season: 'Seizoen',
      nextStep: 'Volgende stap',
      nextStepDate: 'Op',
    },
  },
  started: (address: string, databaseKind: string, authMode: string) =>
    `Prospectie draait op ${address} (${databaseKind}, aanmelden: ${authMode})`,
};
