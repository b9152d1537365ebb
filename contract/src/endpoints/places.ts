// Where shops are (docs/decisions/071-shop-coordinates-and-location.md): a rep standing in a shop gives it its place
// when it has none; the administration lists the shops without one and pins them.
import { endpoint } from '../endpoint';
import * as address from './addresses';
import {
  coordinates,
  hereInShop as here,
  hereInShopResult,
  mapSettings as settings,
  shopMap as shopMapRows,
  shopMapQuery,
  shopPlace,
  shopsWithoutPlacePage,
  shopsWithoutPlaceQuery,
} from '../places';
import { idParam } from '../ids';

export const hereInShop = endpoint({
  ...address.hereInShop,
  tags: ['shops'],
  description:
    "'Ik sta in deze winkel': the phone's position, when the shop has no place yet, becomes its place (source rep). A shop with a place keeps it; the position is not kept otherwise.",
  params: idParam,
  body: here,
  responses: { 200: hereInShopResult },
  errors: ['shop_not_found'],
});

export const shopsWithoutPlace = endpoint({
  ...address.shopsWithoutPlace,
  tags: ['admin'],
  description: 'The shops without a place yet, by id, with their address, and how many there are.',
  query: shopsWithoutPlaceQuery,
  responses: { 200: shopsWithoutPlacePage },
  roles: ['beheerder'],
});

export const placeShop = endpoint({
  ...address.placeShop,
  tags: ['admin'],
  description: "A beheerder's pin: the shop's place (source beheerder), whatever it had. Logged.",
  params: idParam,
  body: coordinates,
  responses: { 200: shopPlace },
  errors: ['shop_not_found'],
  roles: ['beheerder'],
});

export const mapSettings = endpoint({
  ...address.mapSettings,
  tags: ['shops'],
  description: "The map's tile address and attribution, as the server is set up (MAP_TILE_URL).",
  responses: { 200: settings },
});

export const shopMap = endpoint({
  ...address.shopMap,
  tags: ['shops'],
  description:
    "Every placed shop's pipeline status for the map (the furthest over its FC70 brands, or the brandId's) and its rep, as [id, status, employeeId], by id.",
  query: shopMapQuery,
  responses: { 200: shopMapRows },
});
