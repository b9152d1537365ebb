// The shop endpoints: the list, a shop with its visits, brands, sell-out and contact info, the spec's granular
// creation calls, a shop added in the field in one call, and a whole visit of a shop.
import { z } from 'zod';
import { endpoint } from '../endpoint';
import * as address from './addresses';
import { CONSTRAINT_ERRORS } from '../errors';
import { id, idParam } from '../ids';
import {
  addressCreate,
  contactCreate,
  contactInfo,
  contactInfoCode,
  createdId,
  namedList,
  prospectionSubmission,
  shop,
  shopCreate,
  shopListItem,
  shopProspection,
  shopRegistration,
  shopSellout,
} from '../index';

/** The largest visit: its texts, brands and to-dos (its pictures go one by one). */
export const VISIT_BODY_LIMIT = 1024 * 1024;

export const shopList = endpoint({
  ...address.shopList,
  tags: ['shops'],
  description: 'Every shop, by name. Sent with an ETag: a request with If-None-Match gets 304 while the list is unchanged.',
  responses: { 200: z.array(shopListItem), 304: z.undefined().describe('unchanged since the ETag sent: no body') },
});

/** Every placed shop's [id, latitude, longitude] (decision 071): the phone keeps it for the map and In de buurt. */
export const shopPlaces = endpoint({
  ...address.shopPlaces,
  tags: ['shops'],
  description: 'Every shop that has a place, as [id, latitude, longitude] (five decimals), by id. Sent with an ETag, as the shop list.',
  responses: {
    200: z.array(z.tuple([z.number().int(), z.number(), z.number()])),
    304: z.undefined().describe('unchanged since the ETag sent: no body'),
  },
});

export const shopById = endpoint({
  ...address.shopById,
  tags: ['shops'],
  params: idParam,
  responses: { 200: shop },
  errors: ['shop_not_found'],
});

export const prospectionsOfShop = endpoint({
  ...address.prospectionsOfShop,
  tags: ['shops'],
  params: idParam,
  query: z.object({ limit: z.coerce.number().int().min(1).max(1000).optional() }),
  responses: { 200: z.array(shopProspection) },
  errors: ['shop_not_found'],
});

export const brandsOfShop = endpoint({
  ...address.brandsOfShop,
  tags: ['shops'],
  description: 'FC70 brands recorded at this shop in any visit.',
  params: idParam,
  responses: { 200: namedList },
  errors: ['shop_not_found'],
});

export const selloutOfShop = endpoint({
  ...address.selloutOfShop,
  tags: ['shops'],
  description: "Every FC70 brand's sell-out (%) recorded in this shop's visits, oldest visit first; read by every rep.",
  params: idParam,
  responses: { 200: z.array(shopSellout) },
  errors: ['shop_not_found'],
});

export const contactInfoOfShop = endpoint({
  ...address.contactInfoOfShop,
  tags: ['shops'],
  description: 'Contact info of a shop by role code: 5 owner, 6 buyer, 7 seller.',
  params: z.object({ shopId: id, code: contactInfoCode }),
  responses: { 200: contactInfo },
  errors: ['contact_info_not_found'],
});

export const createAddress = endpoint({
  ...address.createAddress,
  tags: ['shops'],
  body: addressCreate,
  responses: { 201: createdId },
  errors: [...CONSTRAINT_ERRORS],
});

export const createContact = endpoint({
  ...address.createContact,
  tags: ['shops'],
  body: contactCreate,
  responses: { 201: createdId },
  errors: [...CONSTRAINT_ERRORS],
});

export const createShop = endpoint({
  ...address.createShop,
  tags: ['shops'],
  body: shopCreate,
  responses: { 201: createdId },
  errors: [...CONSTRAINT_ERRORS],
});

export const registerShop = endpoint({
  ...address.registerShop,
  tags: ['shops'],
  description: 'Creates address, contact and shop in one transaction. Send an Idempotency-Key to make retries safe.',
  body: shopRegistration,
  responses: { 201: createdId },
  errors: ['invalid_city', ...CONSTRAINT_ERRORS],
  idempotent: { scope: 'shops/register' },
});

export const submitVisit = endpoint({
  ...address.submitVisit,
  tags: ['prospections'],
  description:
    'Saves a whole visit in one transaction, linked to the appointment it was started from (appointmentId). Send an Idempotency-Key to make retries safe.',
  params: idParam,
  body: prospectionSubmission,
  responses: { 201: createdId },
  errors: ['no_employee', 'shop_not_found', 'not_own_appointment', 'appointment_other_shop', ...CONSTRAINT_ERRORS],
  idempotent: { scope: 'shops/:id/prospections' },
  bodyLimit: VISIT_BODY_LIMIT,
});
