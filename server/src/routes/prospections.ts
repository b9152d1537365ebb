// A prospection and its parts: reads for the detail page, and the spec's granular writes for other clients. Each
// endpoint is declared in contract/src/endpoints/prospections.ts.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '@prospectie/contract/endpoints';
import { currentEmployee, currentUser } from '../auth/plugin.js';
import type { SessionUser } from '../auth/sessions.js';
import type { Db, Tx } from '../db/client.js';
import { DomainError } from '../errors.js';
import {
  changeOwnProspection,
  createProspection,
  getProspection,
  listProspectionBrandInterests,
  listProspectionBrands,
  listProspectionCompetitorBrands,
  listProspectionTodos,
  replaceProspectionBrandInterests,
  replaceProspectionBrands,
  replaceProspectionCompetitorBrands,
  replaceProspectionTodos,
} from '../services/prospections.js';
import { route } from './declared.js';

const {
  brandInterestsOfProspection,
  brandsOfProspection,
  competitorBrandsOfProspection,
  createProspection: create,
  prospectionById,
  replaceProspectionBrandInterests: replaceBrandInterests,
  replaceProspectionBrands: replaceBrands,
  replaceProspectionCompetitorBrands: replaceCompetitorBrands,
  replaceProspectionTodos: replaceTodos,
  todosOfProspection,
} = endpoints;

/** A request to a visit's endpoint: the visit's id in the path. */
type ById = FastifyRequest<{ Params: { id: number } }>;

export const prospectionRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const existing = async (id: number) => {
    const row = await getProspection(db, id);
    if (!row) throw new DomainError('prospection_not_found', 'prospection not found');
    return row;
  };

  /** Reads a part of a visit that exists. */
  const part =
    <T>(list: (db: Db, id: number) => Promise<T>) =>
    async (request: ById) => {
      await existing(request.params.id);
      return list(db, request.params.id);
    };

  /** Replaces a part of the caller's own visit, in one transaction with its last change; 204 with no body. */
  const changeOwn = async (request: ById, write: (tx: Tx, who: SessionUser) => Promise<void>) => {
    const who = currentUser(request);
    await changeOwnProspection(db, request.params.id, who.userId, (tx) => write(tx, who));
    return null;
  };

  route(app, prospectionById, async (request) => existing(request.params.id));

  route(app, brandsOfProspection, part(listProspectionBrands));
  route(app, competitorBrandsOfProspection, part(listProspectionCompetitorBrands));
  route(app, brandInterestsOfProspection, part(listProspectionBrandInterests));
  route(app, todosOfProspection, part(listProspectionTodos));

  route(app, create, async (request) => createProspection(db, currentEmployee(request), request.body));

  route(app, replaceBrands, async (request) =>
    changeOwn(request, (tx) => replaceProspectionBrands(tx, request.params.id, request.body.ProspectionBrands)),
  );
  route(app, replaceBrandInterests, async (request) =>
    changeOwn(request, (tx) => replaceProspectionBrandInterests(tx, request.params.id, request.body.ProspectionBrandInterests)),
  );
  route(app, replaceCompetitorBrands, async (request) =>
    changeOwn(request, (tx) => replaceProspectionCompetitorBrands(tx, request.params.id, request.body.CompetitorBrandIds)),
  );
  route(app, replaceTodos, async (request) =>
    changeOwn(request, (tx, who) =>
      replaceProspectionTodos(tx, request.params.id, request.body.ToDoIds, { userId: who.userId, employeeId: who.employee?.id ?? null }),
    ),
  );
};
