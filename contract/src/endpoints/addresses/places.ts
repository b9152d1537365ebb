// Where shops are (../places.ts): where each is called, without its schemas.
import { at } from './at';

export const hereInShop = at('PUT', '/shops/:id/here');
export const shopsWithoutPlace = at('GET', '/admin/shops/without-place');
export const placeShop = at('PUT', '/admin/shops/:id/place');
export const mapSettings = at('GET', '/map/settings');
export const shopMap = at('GET', '/map/shops');
