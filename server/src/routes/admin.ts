// The administration (/beheer, issue 21): people, FC70 brands and competitor brands, and the log. Every route
// here needs the beheerder role; the auth plugin checks it on the matched route (roles in its config).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBrand,
  adminBrandCreate,
  adminBrandMerge,
  adminBrandUpdate,
  adminPeopleQuery,
  adminPerson,
  adminPersonCreate,
  adminPersonUpdate,
  auditPage,
  auditQuery,
  BRAND_KINDS,
  id,
  idParam,
  type ErrorCode,
} from '@prospectie/contract';
import { z } from 'zod';
import { currentUser } from '../auth/plugin.js';
import type { SessionStore } from '../auth/sessions.js';
import type { Db } from '../db/client.js';
import { createBrand, listBrands, mergeBrand, updateBrand } from '../services/admin/brands.js';
import { createPerson, listPeople, updatePerson } from '../services/admin/people.js';
import { auditPage as readAuditPage } from '../services/audit.js';

/** The role every administrative route needs, and the code it answers to anyone without it. */
export const ADMIN_ROUTE = { roles: ['beheerder'] as const, errors: ['role_required'] as readonly ErrorCode[] };

export const adminRoutes: FastifyPluginAsyncZod<{ db: Db; sessions: SessionStore }> = async (app, { db, sessions }) => {
  // Every route of this plugin, whatever its own options say: beheerder only.
  app.addHook('onRoute', (route) => {
    route.config = {
      ...route.config,
      roles: ADMIN_ROUTE.roles,
      errors: [...new Set([...ADMIN_ROUTE.errors, ...(route.config?.errors ?? [])])],
    };
  });

  app.get(
    '/people',
    { schema: { tags: ['admin'], querystring: adminPeopleQuery, response: { 200: z.array(adminPerson) } } },
    async (request) => listPeople(db, request.query),
  );

  app.post(
    '/people',
    {
      config: { errors: ['login_taken'] },
      schema: { tags: ['admin'], body: adminPersonCreate, response: { 201: adminPerson } },
    },
    async (request, reply) => reply.status(201).send(await createPerson(db, currentUser(request).userId, request.body)),
  );

  app.patch(
    '/people/:userId',
    {
      config: { errors: ['user_not_found', 'employee_not_found', 'login_taken', 'cannot_deactivate_self'] },
      schema: { tags: ['admin'], params: z.object({ userId: id }), body: adminPersonUpdate, response: { 200: adminPerson } },
    },
    async (request) => updatePerson(db, sessions, currentUser(request).userId, request.params.userId, request.body),
  );

  for (const kind of BRAND_KINDS) {
    app.get(`/${kind}`, { schema: { tags: ['admin'], response: { 200: z.array(adminBrand) } } }, async () => listBrands(db, kind));

    app.post(
      `/${kind}`,
      { config: { errors: ['brand_name_taken'] }, schema: { tags: ['admin'], body: adminBrandCreate, response: { 201: adminBrand } } },
      async (request, reply) => reply.status(201).send(await createBrand(db, currentUser(request).userId, kind, request.body)),
    );

    app.patch(
      `/${kind}/:id`,
      {
        config: { errors: ['brand_not_found', 'brand_name_taken'] },
        schema: { tags: ['admin'], params: idParam, body: adminBrandUpdate, response: { 200: adminBrand } },
      },
      async (request) => updateBrand(db, currentUser(request).userId, kind, request.params.id, request.body),
    );

    app.post(
      `/${kind}/:id/merge`,
      {
        config: { errors: ['brand_not_found', 'merge_into_itself', 'merge_into_inactive'] },
        schema: { tags: ['admin'], params: idParam, body: adminBrandMerge, response: { 200: adminBrand } },
      },
      async (request) => mergeBrand(db, currentUser(request).userId, kind, request.params.id, request.body.intoId),
    );
  }

  app.get('/log', { schema: { tags: ['admin'], querystring: auditQuery, response: { 200: auditPage } } }, async (request) =>
    readAuditPage(db, request.query),
  );
};
