// Shops: list, detail, visits, contact info, the spec's granular creation calls and the one-call registration. Each
// endpoint is declared in contract/src/endpoints/shops.ts.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '@prospectie/contract/endpoints';
import { currentEmployee, currentUser } from '../auth/plugin.js';
import type { Database } from '../db/client.js';
import { DomainError } from '../errors.js';
import type { TodoMails } from '../services/mail/todoMails.js';
import { submitProspection } from '../services/visitSubmit.js';
import { createShopListCache, createShopPlacesCache, type ShopListBody } from '../services/shopList.js';
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
import { prepareListShopProspectionsJson } from '../services/visitList.js';
import { idempotentRoute, route } from './declared.js';
import { sendDatabaseJson, sendListBody } from './sendList.js';

const {
  brandsOfShop,
  contactInfoOfShop,
  createAddress: addAddress,
  createContact: addContact,
  createShop: addShop,
  prospectionsOfShop,
  registerShop,
  selloutOfShop,
  shopById,
  shopList,
  shopPlaces,
  submitVisit,
} = endpoints;

export const shopRoutes: FastifyPluginAsyncZod<{ database: Database; todoMails: TodoMails }> = async (app, { database, todoMails }) => {
  const { db } = database;
  const getShopById = prepareGetShop(db);
  const listShopProspections = prepareListShopProspectionsJson(db);

  // Both lists are checked against their schema when they are kept (services/shopList.ts).
  const sendList = (cached: () => Promise<ShopListBody>) => async (request: FastifyRequest, reply: FastifyReply) =>
    sendListBody(request, reply, await cached());
  route(app, shopList, sendList(createShopListCache(db)));
  route(app, shopPlaces, sendList(createShopPlacesCache(db)));

  route(app, shopById, async (request) => {
    const found = await getShopById(request.params.id);
    if (!found) throw new DomainError('shop_not_found', 'shop not found');
    return found;
  });

  route(app, prospectionsOfShop, async (request, reply) => {
    const json = await listShopProspections(request.params.id, request.query.limit);
    if (json === null) throw new DomainError('shop_not_found', 'shop not found');
    return sendDatabaseJson(reply, json);
  });

  route(app, brandsOfShop, async (request) => brandsSeenAt(db, request.params.id));

  route(app, selloutOfShop, async (request) => selloutAt(db, request.params.id));

  route(app, contactInfoOfShop, async (request) => shopContact(db, request.params.shopId, request.params.code));

  route(app, addAddress, async (request) => createAddress(db, currentUser(request).userId, request.body));

  route(app, addContact, async (request) => createContact(db, currentUser(request).userId, request.body));

  route(app, addShop, async (request) => createShop(db, currentUser(request).userId, request.body));

  idempotentRoute(app, database, registerShop, (request) => {
    const { userId } = currentUser(request);
    return { inTransaction: async (tx) => ({ status: 201 as const, body: await saveRegisteredShop(tx, userId, request.body) }) };
  });

  idempotentRoute(app, database, submitVisit, (request) => {
    const who = currentEmployee(request);
    return {
      inStatement: async (claim) => {
        const created = await submitProspection(db, who, request.params.id, request.body, claim, todoMails);
        if (created) todoMails.queued();
        return created && { status: 201 as const, body: created };
      },
    };
  });
};
