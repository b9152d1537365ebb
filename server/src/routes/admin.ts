// The administration (/beheer, issues 21 and 22): people, FC70 brands and competitor brands, the log, the imports of
// shops and cities, and merging a field shop into an imported one. Every route here needs the beheerder role; the
// auth plugin checks it on the matched route (roles in its config).
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IMPORT_FILE_ERRORS,
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
  cityImportQuery,
  CONSTRAINT_ERRORS,
  id,
  idParam,
  importColumns,
  importColumnsQuery,
  importReport,
  shopImportMapping,
  shopImportQuery,
  shopMerge,
  shopMergeCandidate,
  shopMergeResult,
  type ErrorCode,
} from '@prospectie/contract';
import { z } from 'zod';
import { currentUser } from '../auth/plugin.js';
import type { SessionStore } from '../auth/sessions.js';
import type { Db } from '../db/client.js';
import { createBrand, listBrands, mergeBrand, updateBrand } from '../services/admin/brands.js';
import { createPerson, listPeople, updatePerson } from '../services/admin/people.js';
import { mergeCandidates, mergeShop } from '../services/admin/shops.js';
import { auditPage as readAuditPage } from '../services/audit.js';
import { importCities } from '../services/import/cities.js';
import { importShops, shopImportColumns } from '../services/import/shops.js';
import { DomainError } from '../errors.js';
import { FILE_WORK_ERRORS, heavyCall } from '../plugins/heavyCalls.js';

/** The largest import file: 20,000 shops as XLSX are some 2 MB, as CSV some 3 MB. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** What a browser or curl sends a CSV or XLSX file as; the file's bytes decide what it is, not this. */
const IMPORT_CONTENT_TYPES = [
  'application/octet-stream',
  'text/csv',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];

/** The role every administrative route needs, and the code it answers to anyone without it. */
export const ADMIN_ROUTE = { roles: ['beheerder'] as const, errors: ['role_required'] as readonly ErrorCode[] };

export const adminRoutes: FastifyPluginAsyncZod<{ db: Db; sessions: SessionStore; heavyCallsPerMinute: number }> = async (
  app,
  { db, sessions, heavyCallsPerMinute },
) => {
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

  app.post(
    '/shops/:id/merge',
    {
      config: { errors: ['shop_not_found', 'merge_into_itself', 'shop_merge_not_field'] },
      schema: {
        tags: ['admin'],
        description:
          'Merges a shop a rep made in the field (no customer number) into another, typically the imported shop the import ' +
          'report offered it as a mergeCandidate for: its visits and appointments move, the shop goes; one log entry.',
        params: idParam,
        body: shopMerge,
        response: { 200: shopMergeResult },
      },
    },
    async (request) => mergeShop(db, currentUser(request).userId, request.params.id, request.body.intoId),
  );

  app.get(
    '/shops/:id/merge-candidates',
    {
      config: { errors: ['shop_not_found'] },
      schema: {
        tags: ['admin'],
        description:
          'The imported shops a shop made in the field may be a duplicate of (the same name and postal code, as the shop ' +
          'import finds them), to merge it into; none for a shop with a customer number.',
        params: idParam,
        response: { 200: z.array(shopMergeCandidate) },
      },
    },
    async (request) => mergeCandidates(db, request.params.id),
  );

  app.get('/log', { schema: { tags: ['admin'], querystring: auditQuery, response: { 200: auditPage } } }, async (request) =>
    readAuditPage(db, request.query),
  );

  // The file itself as the body (not multipart: one file, its name and options in the query), only for the imports.
  await app.register(async (scoped) => {
    scoped.addContentTypeParser(IMPORT_CONTENT_TYPES, { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    const imports = scoped.withTypeProvider<ZodTypeProvider>();
    /** The file a request carries; a request without a body has none. */
    const fileOf = (request: { body: unknown }): Buffer => {
      if (!Buffer.isBuffer(request.body)) throw new DomainError('import_file_empty', 'send the file as the body', 'body');
      return request.body;
    };
    const FILE_ERRORS = [...IMPORT_FILE_ERRORS, ...FILE_WORK_ERRORS] as const;
    const heavy = heavyCall(heavyCallsPerMinute);

    imports.post(
      '/imports/columns',
      {
        bodyLimit: IMPORT_MAX_BYTES,
        config: { ...heavy, errors: FILE_ERRORS },
        schema: {
          tags: ['admin'],
          description:
            'The first step of a shop import: the columns of the file sent as the body (as for /imports/shops), its number ' +
            'of rows, and the mapping to start from (the columns the last applied import used, else the default titles).',
          querystring: importColumnsQuery,
          response: { 200: importColumns },
        },
      },
      async (request) => shopImportColumns(db, fileOf(request)),
    );

    imports.post(
      '/imports/cities',
      {
        bodyLimit: IMPORT_MAX_BYTES,
        // CONSTRAINT_ERRORS: two runs that make the same new country at once; the later one writes nothing.
        config: { ...heavy, errors: [...FILE_ERRORS, 'import_mapping_incomplete', ...CONSTRAINT_ERRORS] },
        schema: {
          tags: ['admin'],
          description:
            "Imports a country's cities and postal codes from a CSV or XLSX file sent as the body (as for /imports/shops) " +
            'with the columns postcode and gemeente. The country (by name) is made when new; a city already there is left ' +
            'alone. dryRun=true (the default) only classifies the rows; dryRun=false applies them with one log entry.',
          querystring: cityImportQuery,
          response: { 200: importReport },
        },
      },
      async (request) =>
        importCities(db, {
          bytes: fileOf(request),
          fileName: request.query.fileName,
          country: request.query.country,
          dryRun: request.query.dryRun !== 'false',
          actorUserId: currentUser(request).userId,
        }),
    );

    imports.post(
      '/imports/shops',
      {
        bodyLimit: IMPORT_MAX_BYTES,
        config: {
          ...heavy,
          // CONSTRAINT_ERRORS: two runs applied at once on PostgreSQL; the later one meets the earlier's customer numbers
          // (already_exists) and writes nothing.
          errors: [...FILE_ERRORS, 'import_mapping_invalid', 'import_mapping_incomplete', ...CONSTRAINT_ERRORS],
        },
        schema: {
          tags: ['admin'],
          description:
            'Imports shops from a CSV or XLSX file sent as the body (application/octet-stream, text/csv or the XLSX type; at most 10 MB). ' +
            'dryRun=true (the default) only classifies the rows; dryRun=false applies them in one transaction, upserting by the ' +
            'customer number, with one log entry. mapping: JSON of field → column name; a field left out uses its default column.',
          querystring: shopImportQuery,
          response: { 200: importReport },
        },
      },
      async (request) => {
        const bytes = fileOf(request);
        let mapping;
        if (request.query.mapping !== undefined) {
          let json: unknown;
          try {
            json = JSON.parse(request.query.mapping);
          } catch {
            json = undefined;
          }
          const parsed = shopImportMapping.safeParse(json);
          if (!parsed.success)
            throw new DomainError('import_mapping_invalid', 'mapping is not a JSON object of field to column', 'mapping');
          mapping = parsed.data;
        }
        return importShops(db, {
          bytes,
          fileName: request.query.fileName,
          mapping,
          dryRun: request.query.dryRun !== 'false',
          actorUserId: currentUser(request).userId,
        });
      },
    );
  });
};
