// Shops (../shops.ts): where each is called, without its schemas.
import { at } from './at';

export const shopList = at('GET', '/shops');
export const shopPlaces = at('GET', '/shops/places');
export const shopById = at('GET', '/shops/:id');
export const prospectionsOfShop = at('GET', '/shops/:id/prospections');
export const brandsOfShop = at('GET', '/shops/:id/brands');
export const selloutOfShop = at('GET', '/shops/:id/sellout');
export const contactInfoOfShop = at('GET', '/contactinfo/:shopId/:code');
export const createAddress = at('POST', '/addresses');
export const createContact = at('POST', '/contacts');
export const createShop = at('POST', '/shops');
export const registerShop = at('POST', '/shops/register');
export const submitVisit = at('POST', '/shops/:id/prospections');
