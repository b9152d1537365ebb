// The administration (/beheer): people, FC70 brands and competitor brands, the log, the imports of shops and cities,
// and merging a field shop into an imported one. Each endpoint is declared in contract/src/endpoints/admin.ts, every
// one for the beheerder only; the auth plugin checks the role on the matched route.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopImportMapping, type ImportReport } from '@prospectie/contract';
import * as endpoints from '@prospectie/contract/endpoints';
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
import { jsonInSlices } from '../lib/jsonInSlices.js';
import { createSeason, deleteSeason, updateSeason } from '../services/seasons.js';
import { fileJobs } from '../workers/fileJobs.js';
import { route } from './declared.js';

const {
  adminBrands,
  adminCompetitorBrands,
  adminPeople,
  auditLog,
  createBrand: createFc70Brand,
  createCompetitorBrand,
  createPerson: create,
  importCities: cityImport,
  importColumns: columnsOfImport,
  importShops: shopImport,
  IMPORT_MAX_BYTES,
  mergeBrand: mergeFc70Brand,
  mergeCompetitorBrand,
  mergeShop: merge,
  shopMergeCandidates,
  updateBrand: updateFc70Brand,
  updateCompetitorBrand,
  updatePerson: update,
  createSeason: seasonCreate,
  updateSeason: seasonUpdate,
  deleteSeason: seasonDelete,
} = endpoints;

/** What a browser or curl sends a CSV or XLSX file as; the file's bytes decide what it is, not this. */
const IMPORT_CONTENT_TYPES = [
  'application/octet-stream',
  'text/csv',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];

/** Each kind of brand with its four endpoints; the services tell the kinds apart by name. */
const BRAND_KIND_ENDPOINTS = [
  { kind: 'brands', list: adminBrands, create: createFc70Brand, update: updateFc70Brand, merge: mergeFc70Brand },
  {
    kind: 'competitor-brands',
    list: adminCompetitorBrands,
    create: createCompetitorBrand,
    update: updateCompetitorBrand,
    merge: mergeCompetitorBrand,
  },
] as const;

export interface AdminRouteOptions {
  db: Db;
  /**
   * PostgreSQL's address: a shop import then runs whole in a file-work child, on a connection of its own, off the
   * thread that answers the reps (decision 067). Without it (PGlite, which lives in this thread) it runs here.
   */
  importsIn?: string;
  sessions: SessionStore;
  heavyCallsPerMinute: number;
}

export const adminRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (app, { db, importsIn, sessions, heavyCallsPerMinute }) => {
  route(app, adminPeople, async (request) => listPeople(db, request.query));

  route(app, create, async (request) => createPerson(db, currentUser(request).userId, request.body));

  route(app, update, async (request) => updatePerson(db, sessions, currentUser(request).userId, request.params.userId, request.body));

  for (const brand of BRAND_KIND_ENDPOINTS) {
    const { kind } = brand;
    route(app, brand.list, async () => listBrands(db, kind));

    route(app, brand.create, async (request) => createBrand(db, currentUser(request).userId, kind, request.body));

    route(app, brand.update, async (request) => updateBrand(db, currentUser(request).userId, kind, request.params.id, request.body));

    route(app, brand.merge, async (request) => mergeBrand(db, currentUser(request).userId, kind, request.params.id, request.body.intoId));
  }

  route(app, merge, async (request) => mergeShop(db, currentUser(request).userId, request.params.id, request.body.intoId));

  route(app, shopMergeCandidates, async (request) => mergeCandidates(db, request.params.id));

  route(app, auditLog, async (request) => readAuditPage(db, request.query));

  route(app, seasonCreate, async (request) => createSeason(db, currentUser(request).userId, request.body));

  route(app, seasonUpdate, async (request) => updateSeason(db, currentUser(request).userId, request.params.id, request.body));

  route(app, seasonDelete, async (request) => {
    await deleteSeason(db, currentUser(request).userId, request.params.id);
    return undefined;
  });

  // The file itself as the body (not multipart: one file, its name and options in the query), only for the imports.
  await app.register(async (scoped) => {
    scoped.addContentTypeParser(IMPORT_CONTENT_TYPES, { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    /** The file a request carries; a request without a body has none. */
    const fileOf = (request: { body: unknown }): Buffer => {
      if (!Buffer.isBuffer(request.body)) throw new DomainError('import_file_empty', 'send the file as the body', 'body');
      return request.body;
    };
    const heavy = { heavyCallsPerMinute };
    /** A report of every row (20,000 for the ERP's file) written a slice at a time, not held by one serialisation. */
    const sendReport = (reply: FastifyReply, report: ImportReport) =>
      reply.type('application/json; charset=utf-8').send(jsonInSlices(report, 'rows'));

    route(scoped, columnsOfImport, async (request) => shopImportColumns(db, fileOf(request)), heavy);

    route(
      scoped,
      cityImport,
      async (request, reply) =>
        sendReport(
          reply,
          await importCities(db, {
            bytes: fileOf(request),
            fileName: request.query.fileName,
            country: request.query.country,
            dryRun: request.query.dryRun !== 'false',
            actorUserId: currentUser(request).userId,
          }),
        ),
      heavy,
    );

    route(
      scoped,
      shopImport,
      async (request, reply) => {
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
        const input = {
          bytes,
          fileName: request.query.fileName,
          mapping,
          dryRun: request.query.dryRun !== 'false',
          actorUserId: currentUser(request).userId,
        };
        if (!importsIn) return sendReport(reply, await importShops(db, input));
        const { json } = await fileJobs().run({ kind: 'shopImport', databaseUrl: importsIn, input });
        return reply.type('application/json; charset=utf-8').send(Buffer.from(json.buffer, json.byteOffset, json.byteLength));
      },
      heavy,
    );
  });
};
