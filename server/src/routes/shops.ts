// Shops: list, detail, visits, contact info, the spec's granular creation calls and the one-call registration.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addressCreate,
  contactCreate,
  contactInfo,
  contactInfoCode,
  createdId,
  id,
  idParam,
  namedList,
  shop,
  shopCreate,
  shopListItem,
  shopProspection,
  shopSellout,
} from '@prospectie/contract';
import { z } from 'zod';
import { currentEmployee, currentUser } from '../auth/plugin.js';
import type { Database } from '../db/client.js';
import { CONSTRAINT_ERRORS, DomainError } from '../errors.js';
import { submitProspection } from '../services/prospections.js';
import { registerShop, submitVisit } from '@prospectie/contract/endpoints';
import { idempotentRoute } from './declared.js';
import { prepareListShopProspectionsJson } from '../services/visitList.js';
import { chooseEncoding } from '../plugins/compression.js';
import { matchesIfNoneMatch } from '../plugins/ifNoneMatch.js';
import { createShopListCache } from '../services/shopList.js';
import {
  brandsSeenAt,
  createAddress,
  createContact,
  createShop,
  prepareGetShop,
  registerShop as saveRegisteredShop,
  selloutAt,
  shopContact,
} from '../services/shops.js';

export const shopRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  const { db } = database;
  const getShopById = prepareGetShop(db);
  const listShopProspections = prepareListShopProspectionsJson(db);
  const shopList = createShopListCache(db);
  app.get(
    '/shops',
    {
      schema: {
        tags: ['shops'],
        description: 'Every shop, by name. Sent with an ETag: a request with If-None-Match gets 304 while the list is unchanged.',
        response: { 200: z.array(shopListItem), 304: z.undefined().describe('unchanged since the ETag sent: no body') },
      },
    },
    async (request, reply) => {
      // The body is JSON already serialised (and checked against shopListItem) when the list was cached: sent as
      // it is, past the serialiser (hence `as never`).
      const body = await shopList();
      reply.header('etag', body.etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
      if (matchesIfNoneMatch(request.headers['if-none-match'], body.etag)) {
        return reply.status(304).send(undefined as never);
      }
      reply.type('application/json; charset=utf-8');
      // Already compressed once for this version (the compression plugin leaves an encoded body alone).
      const encoding = chooseEncoding(request.headers['accept-encoding']);
      if (encoding === 'br') return reply.header('content-encoding', 'br').send(body.br as never);
      if (encoding) return reply.header('content-encoding', 'gzip').send(body.gzip as never);
      return reply.send(body.json as never);
    },
  );

  app.get(
    '/shops/:id',
    { config: { errors: ['shop_not_found'] }, schema: { tags: ['shops'], params: idParam, response: { 200: shop } } },
    async (request) => {
      const found = await getShopById(request.params.id);
      if (!found) throw new DomainError('shop_not_found', 'shop not found');
      return found;
    },
  );

  app.get(
    '/shops/:id/prospections',
    {
      config: { errors: ['shop_not_found'] },
      schema: {
        tags: ['shops'],
        params: idParam,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(1000).optional() }),
        response: { 200: z.array(shopProspection) },
      },
    },
    async (request, reply) => {
      const json = await listShopProspections(request.params.id, request.query.limit);
      if (json === null) throw new DomainError('shop_not_found', 'shop not found');
      // Already JSON (built by the database): sent as it is, past the serialiser.
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );

  app.get(
    '/shops/:id/brands',
    {
      config: { errors: ['shop_not_found'] },
      schema: {
        tags: ['shops'],
        description: 'FC70 brands recorded at this shop in any visit.',
        params: idParam,
        response: { 200: namedList },
      },
    },
    async (request) => brandsSeenAt(db, request.params.id),
  );

  app.get(
    '/shops/:id/sellout',
    {
      config: { errors: ['shop_not_found'] },
      schema: {
        tags: ['shops'],
        description: "Every FC70 brand's sell-out (%) recorded in this shop's visits, oldest visit first; read by every rep.",
        params: idParam,
        response: { 200: z.array(shopSellout) },
      },
    },
    async (request) => selloutAt(db, request.params.id),
  );

  app.get(
    '/contactinfo/:shopId/:code',
    {
      config: { errors: ['contact_info_not_found'] },
      schema: {
        tags: ['shops'],
        description: 'Contact info of a shop by role code: 5 owner, 6 buyer, 7 seller.',
        params: z.object({ shopId: id, code: contactInfoCode }),
        response: { 200: contactInfo },
      },
    },
    async (request) => shopContact(db, request.params.shopId, request.params.code),
  );

  app.post(
    '/addresses',
    { config: { errors: [...CONSTRAINT_ERRORS] }, schema: { tags: ['shops'], body: addressCreate, response: { 201: createdId } } },
    async (request, reply) => reply.status(201).send(await createAddress(db, currentUser(request).userId, request.body)),
  );

  app.post(
    '/contacts',
    { config: { errors: [...CONSTRAINT_ERRORS] }, schema: { tags: ['shops'], body: contactCreate, response: { 201: createdId } } },
    async (request, reply) => reply.status(201).send(await createContact(db, currentUser(request).userId, request.body)),
  );

  app.post(
    '/shops',
    { config: { errors: [...CONSTRAINT_ERRORS] }, schema: { tags: ['shops'], body: shopCreate, response: { 201: createdId } } },
    async (request, reply) => reply.status(201).send(await createShop(db, currentUser(request).userId, request.body)),
  );

  idempotentRoute(app, database, registerShop, (request) => {
    const { userId } = currentUser(request);
    return { inTransaction: async (tx) => ({ status: 201 as const, body: await saveRegisteredShop(tx, userId, request.body) }) };
  });

  idempotentRoute(app, database, submitVisit, (request) => {
    const who = currentEmployee(request);
    return {
      inStatement: async (claim) => {
        const created = await submitProspection(db, who, request.params.id, request.body, claim);
        return created && { status: 201 as const, body: created };
      },
    };
  });
};
