// The season form's rules (decision 068): the values as typed (days as dd/mm/jjjj), what the form refuses before
// asking the server, and the body it sends; and how a window reads on the page and in the log.
import type { Season, SeasonInput } from '@prospectie/contract';
import { nlAdmin } from '../../i18n/nlAdmin';
import { validationRules } from '../../i18n/nlErrors';
import { formatDate, parseDate } from '../../lib/format';
import { randomKey } from '../../lib/randomKey';

const t = nlAdmin.seasons;

/** What the server takes as a season's name (contract/src/seasons.ts); the schema itself stays out of the screen's code. */
export const SEASON_NAME_MAX = 20;
const SEASON_NAME = /^[\p{L}\p{N} _-]+$/u;

export interface BrandWindowValues {
  /** The row's own key: rows come and go, and a brand may not be picked yet. */
  key: string;
  /** The picked brand's id, '' while none is. */
  brandId: string;
  startsOn: string;
  endsOn: string;
}

export interface SeasonValues {
  name: string;
  startsOn: string;
  endsOn: string;
  brandWindows: BrandWindowValues[];
}

/** A window as she reads it: '05/01/2027 – 31/03/2027'. */
export const windowText = (w: { startsOn: string; endsOn: string }) => t.window(formatDate(w.startsOn), formatDate(w.endsOn));

/** A field's name in the errors: the season's own, or a brand row's (`brandWindows.<key>.<field>`). */
export const brandWindowField = (key: string, field: 'brandId' | 'startsOn' | 'endsOn') => `brandWindows.${key}.${field}`;

export type SeasonErrors = Record<string, string>;

export const emptyBrandWindow = (): BrandWindowValues => ({ key: randomKey(), brandId: '', startsOn: '', endsOn: '' });

/** The form's values for a season to change, or empty ones to add a season. */
export function seasonValues(season?: Season): SeasonValues {
  if (!season) return { name: '', startsOn: '', endsOn: '', brandWindows: [] };
  return {
    name: season.name,
    startsOn: formatDate(season.startsOn),
    endsOn: formatDate(season.endsOn),
    brandWindows: season.brandWindows.map((w) => ({
      key: randomKey(),
      brandId: String(w.brandId),
      startsOn: formatDate(w.startsOn),
      endsOn: formatDate(w.endsOn),
    })),
  };
}

/** A window's two days: each filled in and a real day, the last not before the first. */
function checkWindow(errors: SeasonErrors, startsOn: [field: string, typed: string], endsOn: [field: string, typed: string]) {
  const days = [startsOn, endsOn].map(([field, typed]) => {
    if (!typed.trim()) errors[field] = nlAdmin.required;
    else if (!parseDate(typed)) errors[field] = t.dateInvalid;
    return parseDate(typed);
  });
  if (days[0] && days[1] && days[1] < days[0]) errors[endsOn[0]] = validationRules.period_reversed;
}

/** What the form refuses before asking the server, by field, in the order the form shows them. */
export function checkSeason(values: SeasonValues): SeasonErrors {
  const errors: SeasonErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = nlAdmin.required;
  else if (!SEASON_NAME.test(name)) errors.name = t.nameInvalid;
  checkWindow(errors, ['startsOn', values.startsOn], ['endsOn', values.endsOn]);
  const picked = new Set<string>();
  for (const w of values.brandWindows) {
    const brandField = brandWindowField(w.key, 'brandId');
    if (!w.brandId) errors[brandField] = t.brandMissing;
    else if (picked.has(w.brandId)) errors[brandField] = t.brandTwice;
    picked.add(w.brandId);
    checkWindow(errors, [brandWindowField(w.key, 'startsOn'), w.startsOn], [brandWindowField(w.key, 'endsOn'), w.endsOn]);
  }
  return errors;
}

/** The body to send, for values `checkSeason` let through. */
export function seasonBody(values: SeasonValues): SeasonInput {
  const day = (typed: string) => parseDate(typed) ?? typed;
  return {
    name: values.name.trim(),
    startsOn: day(values.startsOn),
    endsOn: day(values.endsOn),
    brandWindows: values.brandWindows.map((w) => ({ brandId: Number(w.brandId), startsOn: day(w.startsOn), endsOn: day(w.endsOn) })),
  };
}
