// How a log entry reads in Dutch: the moment in Belgian time, whom or what it is about, and each changed field
// before and after; an import run (its file, counts and rows) is read apart, an overview export by what it held.
import type { AuditEntry, ImportReport, ImportRow } from '@prospectie/contract';
import { nlAdmin } from '../../i18n/nlAdmin';
import { formatDate } from '../../lib/format';
import { personName } from './personName';
import { windowText } from './seasonForm';

const t = nlAdmin.log;

const day = new Intl.DateTimeFormat('nl-BE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Brussels' });
const time = new Intl.DateTimeFormat('nl-BE', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Brussels' });

/** '24/11/2026 om 00:45', in Belgian time wherever the administrator is. */
export function formatAuditTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : `${day.format(at)} om ${time.format(at)}`;
}

/** '07:30', in Belgian time. */
export const formatAuditClock = (iso: string) => time.format(new Date(iso));

type Values = Record<string, unknown>;

/** One field's value as the administrator reads it. */
export function formatAuditValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return t.none;
  if (field === 'active' && typeof value === 'boolean') return t.activeValues[`${value}`];
  if (field === 'roles' && Array.isArray(value)) {
    // Everyone is medewerker; the list holds what comes on top, as the Medewerkers page shows it.
    const names = nlAdmin.roleNames as Record<string, string>;
    return [names.medewerker, ...value.filter((r) => r !== 'medewerker').map((r) => names[String(r)] ?? String(r))].join(', ');
  }
  if ((field === 'startsOn' || field === 'endsOn') && typeof value === 'string') return formatDate(value);
  if (field === 'brandWindows' && Array.isArray(value)) {
    const windows = value as { brandName: string; startsOn: string; endsOn: string }[];
    if (!windows.length) return nlAdmin.seasons.noBrandWindows;
    return windows.map((w) => nlAdmin.seasons.brandWithWindow(w.brandName, windowText(w))).join(', ');
  }
  if (typeof value === 'boolean') return value ? t.yes : t.no;
  if (Array.isArray(value)) return value.length ? value.map((v) => formatAuditValue('', v)).join(', ') : t.none;
  if (typeof value === 'object') {
    const named = value as { name?: unknown };
    return typeof named.name === 'string' ? named.name : JSON.stringify(value);
  }
  return String(value);
}

export interface AuditChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** Where a field comes in the list: the known ones as the forms show them, any other after them. */
const rank = (field: string) => {
  const at = Object.keys(t.fields).indexOf(field);
  return at === -1 ? Infinity : at;
};

/** Fields an entry's heading already says (a shop merge: which shop went into which), not repeated below it. */
const inSubject: Partial<Record<AuditEntry['action'], string[]>> = {
  'shop.merge': ['id', 'name', 'postalCode', 'intoId'],
  'overview.export': ['format', 'sheet', 'scope', 'filter', 'filterNames'],
  // A season is named by its name; its id says nothing to her.
  'season.create': ['id'],
  'season.update': ['id'],
  'season.delete': ['id'],
};

/** The fields whose value differs before and after, the known ones in the order the forms show them. */
export function auditChanges(entry: Pick<AuditEntry, 'before' | 'after'> & Partial<Pick<AuditEntry, 'action'>>): AuditChange[] {
  const before: Values = entry.before ?? {};
  const after: Values = entry.after ?? {};
  const skipped = (entry.action && inSubject[entry.action]) ?? [];
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((field) => !skipped.includes(field))
    .sort((a, b) => rank(a) - rank(b));
  const changes = fields
    .filter((field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null))
    .map((field) => ({
      field,
      label: t.fields[field] ?? field,
      before: formatAuditValue(field, before[field]),
      after: formatAuditValue(field, after[field]),
    }));
  // Two fields that read the same (a merge names its target as mergedInto and as into) show once.
  const seen = new Set<string>();
  return changes.filter((c) => {
    const reads = `${c.label}\u0000${c.before}\u0000${c.after}`;
    return !seen.has(reads) && seen.add(reads);
  });
}

/** What the log keeps of an import run (the server's shop.import and city.import entries). */
export interface ImportRun {
  kind: 'shops' | 'cities';
  fileName: string;
  sha256: string | null;
  counts: ImportReport['counts'];
  /** The rows that changed something and the refused ones; unchanged rows are not kept. */
  rows: ImportRow[];
  /** For cities: the country, and whether the run made it. */
  country: string | null;
  countryCreated: boolean;
}

/** The import run an entry records, or null for any other entry. */
export function importRunOf(entry: Pick<AuditEntry, 'after'> & Partial<Pick<AuditEntry, 'action'>>): ImportRun | null {
  if (entry.action !== 'shop.import' && entry.action !== 'city.import') return null;
  const after = entry.after ?? {};
  const counts = after.counts as Partial<ImportReport['counts']> | undefined;
  const count = (n: unknown) => (typeof n === 'number' ? n : 0);
  return {
    kind: entry.action === 'shop.import' ? 'shops' : 'cities',
    fileName: typeof after.fileName === 'string' ? after.fileName : t.none,
    sha256: typeof after.sha256 === 'string' ? after.sha256 : null,
    counts: {
      new: count(counts?.new),
      changed: count(counts?.changed),
      unchanged: count(counts?.unchanged),
      refused: count(counts?.refused),
    },
    rows: Array.isArray(after.rows) ? (after.rows as ImportRow[]) : [],
    country: typeof after.country === 'string' ? after.country : null,
    countryCreated: after.countryCreated === true,
  };
}

/**
 * What an overview export held (the server's overview.export entry): its format (a CSV's sheet), whose figures, the
 * period and the filters, or null for any other entry. Filters name the ids the entry keeps; Mijn overzicht's own rep
 * filter is left out, as the entry's author is that rep.
 */
export function overviewExportText(entry: Pick<AuditEntry, 'after'> & Partial<Pick<AuditEntry, 'action'>>): string | null {
  const after = entry.after ?? {};
  const filter = after.filter as Partial<Record<string, unknown>> | undefined;
  if (entry.action !== 'overview.export' || typeof filter?.from !== 'string' || typeof filter.to !== 'string') return null;
  const x = t.export;
  const sheet = x.sheets[after.sheet as keyof typeof x.sheets];
  const format = after.format === 'csv' && sheet ? x.csvSheet(sheet) : (x.formats[String(after.format)] ?? String(after.format));
  const scope = x.scopes[String(after.scope)];
  const names = (after.filterNames ?? {}) as Partial<Record<string, string>>;
  const filters = Object.entries(x.filters)
    .filter(([key]) => !(key === 'employeeId' && after.scope === 'own'))
    .flatMap(([key, text]) => (filter[key] === undefined || filter[key] === null ? [] : [text(String(filter[key]), names[key])]));
  return [
    scope ? `${format} ${scope}` : format,
    x.period(formatDate(filter.from), formatDate(filter.to)),
    ...(filters.length ? filters : [x.noFilters]),
  ].join(', ');
}

/** Whom or what the entry is about: the person's or brand's name as it was after (or before) the change. */
export function auditSubject(
  entry: Pick<AuditEntry, 'before' | 'after' | 'entity' | 'entityId'> & Partial<Pick<AuditEntry, 'action'>>,
): string {
  // An import run is about its file; a city import about the country whose cities came.
  const run = importRunOf(entry);
  if (run) return run.country ?? run.fileName;
  const exported = overviewExportText(entry);
  if (exported) return exported;
  // A shop merge: the shop from the field, and the one it went into.
  const from = entry.before?.name;
  const into = entry.after?.name;
  if (entry.action === 'shop.merge' && typeof from === 'string' && typeof into === 'string') return t.mergedInto(from, into);
  const pick = (key: string) => {
    const value = entry.after?.[key] ?? entry.before?.[key];
    return typeof value === 'string' ? value : null;
  };
  const login = pick('login');
  if (login !== null) return personName({ firstName: pick('firstName'), name: pick('name'), login });
  return pick('name') ?? `${entry.entity}${entry.entityId !== null ? ` ${entry.entityId}` : ''}`;
}
