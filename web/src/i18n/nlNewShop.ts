// The new-shop form's Dutch: a module of its own, so only that screen's chunk carries it and the first
// download does not.
import { apiErrors, validationRules } from './nlErrors';

export const nlNewShop = {
  title: 'Nieuwe winkel',
  step: 'Info',
  stepOf: (step: number, total: number) => `Stap ${step} van ${total}`,
  name: 'Naam',
  namePlaceholder: 'Naam...',
  country: 'Land',
  street: 'Straat',
  houseNumber: 'Huisnummer',
  addition: 'Toevoeging',
  additionPlaceholder: 'Bus A...',
  postalCode: 'Postcode',
  city: 'Woonplaats',
  previous: 'Vorige',
  submit: 'Verzenden',
  submitting: 'Verzenden...',
  close: 'Sluiten',
  required: 'verplicht',
  invalidUser: apiErrors.no_employee,
  invalidName: validationRules.shop_name_missing,
  invalidCountry: 'Geen geldig land geselecteerd.',
  noCities: 'Het is momenteel niet mogelijk om een winkel toe te voegen voor dit land. Contacteer IT.',
  invalidCity: apiErrors.invalid_city,
  invalidHouseNumber: 'Het huisnummer moet minstens 1 zijn.',
};
