// Where shops are (docs/decisions/071-shop-coordinates-and-location.md): coordinates with their source, a rep's
// "Ik sta in deze winkel", and the administration's list of shops without a place and its pin.
import { z } from 'zod';
import { id } from './ids';
import { PIPELINE_STATUSES } from './pipeline';

export const COORDINATE_SOURCES = ['import', 'geocoder', 'rep', 'beheerder'] as const;
export const coordinateSource = z.enum(COORDINATE_SOURCES);
export type CoordinateSource = z.infer<typeof coordinateSource>;

export const coordinates = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type Coordinates = z.infer<typeof coordinates>;

/** A shop's place as it is now, with where it came from. */
export const shopPlace = coordinates.extend({ source: coordinateSource });
export type ShopPlace = z.infer<typeof shopPlace>;

/** The phone's position as the rep confirms it standing in the shop; past this accuracy (metres) it says too little. */
export const HERE_ACCURACY_METRES = 150;
export const hereInShop = coordinates.extend({ accuracy: z.number().min(0).max(HERE_ACCURACY_METRES) });
/** Whether the shop took her position: only a shop without a place does (decision 071). */
export const hereInShopResult = z.object({ placed: z.boolean(), place: shopPlace.nullable() });

/** A shop without a place, for the administration to pin. */
export const shopWithoutPlace = z.object({
  shopId: id,
  name: z.string(),
  street: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
});
export const shopsWithoutPlaceQuery = z.object({
  after: z.coerce.number().int().nonnegative().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const shopsWithoutPlacePage = z.object({
  shops: z.array(shopWithoutPlace),
  /** All shops still without a place. */
  total: z.number().int(),
  nextAfter: z.number().int().nullable(),
});
export type ShopsWithoutPlacePage = z.infer<typeof shopsWithoutPlacePage>;

/** The map's tiles (MAP_TILE_URL, Leaflet's template) and the attribution to show with them. */
export const mapSettings = z.object({ tileUrl: z.string(), attribution: z.string() });
export type MapSettings = z.infer<typeof mapSettings>;

/** The map's filter: one FC70 brand's stage instead of the furthest over all brands. */
export const shopMapQuery = z.object({ brandId: z.coerce.number().int().positive().optional() });
/**
 * Every placed shop for the map, by id: [id, status, assigned rep's employee id]. The status is the furthest stage over
 * its FC70 brands (or the filtered brand's); null: a prospect, no status yet.
 */
export const shopMap = z.array(z.tuple([z.number().int(), z.enum(PIPELINE_STATUSES).nullable(), z.number().int().nullable()]));
export type ShopMap = z.infer<typeof shopMap>;
