// The new-shop wizard's rules (spec §2, §5): cities sorted by name, postal code <-> city, and the submit checks in order.
import type { City, NamedItem, ShopRegistration } from '@prospectie/contract';
import { nlNewShop } from '../../i18n/nlNewShop';
import { compareDutch, compareDutchNumeric } from '../../lib/format';

export interface NewShopForm {
  name: string;
  country: NamedItem | null;
  street: string;
  houseNumber: string;
  addition: string;
  postalCode: string | null;
  city: City | null;
}

export const emptyNewShopForm: NewShopForm = {
  name: '',
  country: null,
  street: '',
  houseNumber: '',
  addition: '',
  postalCode: null,
  city: null,
};

export function sortCitiesByName(cities: City[]): City[] {
  return [...cities].sort((a, b) => compareDutch(a.name, b.name) || a.postalCode.localeCompare(b.postalCode));
}

/** Every postal code of the country once, in order. */
export function postalCodes(cities: City[]): string[] {
  return [...new Set(cities.map((c) => c.postalCode))].sort(compareDutchNumeric);
}

/** Picking a postal code selects the (first by name) city that has it. */
export function cityForPostalCode(cities: City[], postalCode: string | null): City | null {
  if (!postalCode) return null;
  return sortCitiesByName(cities).find((c) => c.postalCode === postalCode) ?? null;
}

/** Choosing a country starts its address over: city and postal code are cleared. */
export function withCountry(form: NewShopForm, country: NamedItem | null): NewShopForm {
  return { ...form, country, city: null, postalCode: null };
}

/** Picking a city fills its postal code; picking a postal code selects its city. */
export function withCity(form: NewShopForm, city: City | null): NewShopForm {
  return { ...form, city, postalCode: city ? city.postalCode : null };
}
export function withPostalCode(form: NewShopForm, cities: City[], postalCode: string | null): NewShopForm {
  return { ...form, postalCode, city: cityForPostalCode(cities, postalCode) };
}

/** Something typed or chosen that leaving the page would lose. */
export function isNewShopDirty(form: NewShopForm): boolean {
  return Object.values(form).some((v) => (typeof v === 'string' ? v.trim() !== '' : v !== null));
}

/** A field the checks can mark; 'user' is the signed-in user, shown above the form. */
export type NewShopField = 'user' | 'name' | 'country' | 'city' | 'houseNumber';

export interface NewShopProblem {
  field: NewShopField;
  message: string;
}

/**
 * The checks of spec §5, every one that fails, in its order: the rep sees all of them at once instead of one
 * per press of Verzenden. `cities` is the chosen country's list (undefined while it loads).
 */
export function newShopProblems(form: NewShopForm, userId: number | undefined, cities: City[] | undefined): NewShopProblem[] {
  const problems: NewShopProblem[] = [];
  const fail = (field: NewShopField, message: string) => problems.push({ field, message });
  if (!userId) fail('user', nlNewShop.invalidUser);
  if (!form.name.trim()) fail('name', nlNewShop.invalidName);
  if (!form.country) fail('country', nlNewShop.invalidCountry);
  else if (cities !== undefined && cities.length === 0) fail('country', nlNewShop.noCities);
  if (!form.city) fail('city', nlNewShop.invalidCity);
  if (form.houseNumber.trim() !== '' && !(Number.isInteger(Number(form.houseNumber)) && Number(form.houseNumber) >= 1)) {
    fail('houseNumber', nlNewShop.invalidHouseNumber);
  }
  return problems;
}

/** The one registration call's body; call only when `newShopProblems` found nothing. */
export function toRegistration(form: NewShopForm): ShopRegistration {
  const houseNumber = form.houseNumber.trim() ? Number(form.houseNumber) : null;
  return {
    name: form.name.trim(),
    countryId: form.country!.id,
    cityId: form.city!.id,
    street: form.street.trim() || null,
    houseNumber,
    addition: form.addition.trim() || null,
    postalCode: form.postalCode ?? form.city!.postalCode,
  };
}
