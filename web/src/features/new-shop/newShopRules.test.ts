import { describe, expect, it } from 'vitest';
import {
  cityForPostalCode,
  emptyNewShopForm,
  isNewShopDirty,
  newShopProblems,
  postalCodes,
  sortCitiesByName,
  toRegistration,
  withCity,
  withCountry,
  withPostalCode,
  type NewShopForm,
} from './newShopRules';

const cities = [
  { id: 3, name: 'Sint-Amandsberg', postalCode: '9040' },
  { id: 1, name: 'Gent', postalCode: '9000' },
  { id: 2, name: 'Aalst', postalCode: '9300' },
  { id: 4, name: 'Gentbrugge', postalCode: '9050' },
  { id: 5, name: 'Ledeberg', postalCode: '9050' },
];
const belgium = { id: 1, name: 'België' };
const complete: NewShopForm = { ...emptyNewShopForm, name: 'Boetiek Lila', country: belgium, city: cities[1], postalCode: '9000' };

describe('cities and postal codes', () => {
  it('sorts a country’s cities alphabetically by name', () => {
    expect(sortCitiesByName(cities).map((c) => c.name)).toEqual(['Aalst', 'Gent', 'Gentbrugge', 'Ledeberg', 'Sint-Amandsberg']);
  });
  it('lists each postal code once, in order', () => {
    expect(postalCodes(cities)).toEqual(['9000', '9040', '9050', '9300']);
  });
  it('picking a postal code selects its city, the first by name when several share it', () => {
    expect(cityForPostalCode(cities, '9300')?.name).toBe('Aalst');
    expect(cityForPostalCode(cities, '9050')?.name).toBe('Gentbrugge');
    expect(withPostalCode(emptyNewShopForm, cities, '9040')).toMatchObject({ postalCode: '9040', city: { name: 'Sint-Amandsberg' } });
    expect(withPostalCode(complete, cities, null)).toMatchObject({ postalCode: null, city: null });
  });
  it('picking a city fills its postal code', () => {
    expect(withCity(emptyNewShopForm, cities[2])).toMatchObject({ city: { name: 'Aalst' }, postalCode: '9300' });
    expect(withCity(complete, null)).toMatchObject({ city: null, postalCode: null });
  });
  it('choosing a country clears city and postal code', () => {
    expect(withCountry(complete, { id: 2, name: 'Nederland' })).toMatchObject({
      country: { id: 2 },
      city: null,
      postalCode: null,
      name: 'Boetiek Lila',
    });
  });
});

/** The first message of the checks, as the spec's client showed it. */
const newShopProblem = (...args: Parameters<typeof newShopProblems>) => newShopProblems(...args)[0]?.message ?? null;

describe('newShopProblems checks in the spec’s order', () => {
  it('first the user', () => {
    expect(newShopProblem(emptyNewShopForm, undefined, undefined)).toBe('Geen geldige gebruiker. Probeer opnieuw in te loggen.');
  });
  it('then a name that is not blank', () => {
    expect(newShopProblem({ ...emptyNewShopForm, name: '   ' }, 7, undefined)).toBe('Geen geldige naam.');
  });
  it('then the country', () => {
    expect(newShopProblem({ ...emptyNewShopForm, name: 'X' }, 7, undefined)).toBe('Geen geldig land geselecteerd.');
  });
  it('then a country that has cities', () => {
    expect(newShopProblem({ ...emptyNewShopForm, name: 'X', country: belgium }, 7, [])).toBe(
      'Het is momenteel niet mogelijk om een winkel toe te voegen voor dit land. Contacteer IT.',
    );
  });
  it('then the city', () => {
    expect(newShopProblem({ ...emptyNewShopForm, name: 'X', country: belgium }, 7, cities)).toBe('Geen geldige stad geselecteerd.');
  });
  it('and a house number of at least 1 when one is given', () => {
    expect(newShopProblem({ ...complete, houseNumber: '0' }, 7, cities)).toBe('Het huisnummer moet minstens 1 zijn.');
    expect(newShopProblem({ ...complete, houseNumber: '12' }, 7, cities)).toBeNull();
    expect(newShopProblem(complete, 7, cities)).toBeNull();
  });
});

describe('newShopProblems names every problem at once, each with its field', () => {
  it('an empty form: name, country and city together, not one per Verzenden', () => {
    expect(newShopProblems(emptyNewShopForm, 7, undefined)).toEqual([
      { field: 'name', message: 'Geen geldige naam.' },
      { field: 'country', message: 'Geen geldig land geselecteerd.' },
      { field: 'city', message: 'Geen geldige stad geselecteerd.' },
    ]);
  });
  it('a country without cities and a house number of 0, on their own fields', () => {
    expect(newShopProblems({ ...emptyNewShopForm, name: 'X', country: belgium, houseNumber: '0' }, 7, [])).toEqual([
      { field: 'country', message: 'Het is momenteel niet mogelijk om een winkel toe te voegen voor dit land. Contacteer IT.' },
      { field: 'city', message: 'Geen geldige stad geselecteerd.' },
      { field: 'houseNumber', message: 'Het huisnummer moet minstens 1 zijn.' },
    ]);
  });
  it('nothing for a complete form', () => {
    expect(newShopProblems(complete, 7, cities)).toEqual([]);
  });
});

describe('the registration and the unsaved-changes state', () => {
  it('sends trimmed values, blanks as null, the city’s postal code', () => {
    expect(toRegistration({ ...complete, name: ' Boetiek Lila ', street: ' Korenmarkt ', houseNumber: '12', addition: ' ' })).toEqual({
      name: 'Boetiek Lila',
      countryId: 1,
      cityId: 1,
      street: 'Korenmarkt',
      houseNumber: 12,
      addition: null,
      postalCode: '9000',
    });
  });
  it('counts a page as changed once anything is typed or chosen', () => {
    expect(isNewShopDirty(emptyNewShopForm)).toBe(false);
    expect(isNewShopDirty({ ...emptyNewShopForm, name: '  ' })).toBe(false);
    expect(isNewShopDirty({ ...emptyNewShopForm, addition: 'A' })).toBe(true);
    expect(isNewShopDirty({ ...emptyNewShopForm, country: belgium })).toBe(true);
  });
});
