// A prospection and its parts: reads for the detail page, and the spec's granular writes for other clients.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  competitorBrandIds,
  createdId,
  idParam,
  prospection,
  prospectionBrand,
  prospectionBrandInterest,
  prospectionBrandInterests,
  prospectionBrands,
  prospectionCompetitorBrand,
  prospectionCreate,
  todo,
  todoIds,
} from '@prospectie/contract';
import { z } from 'zod';
import type { ErrorCode } from '@prospectie/contract';
import { currentEmployee, currentUser } from '../auth/plugin.js';
import type { SessionUser } from '../auth/sessions.js';
import type { Db, Tx } from '../db/client.js';
import { CONSTRAINT_ERRORS, DomainError } from '../errors.js';
import { BODY_LIMIT } from '../plugins/jsonBody.js';
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

export const prospectionRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const existing = async (id: number) => {
    const row = await getProspection(db, id);
    if (!row) throw new DomainError('prospection_not_found', 'prospection not found');
    return row;
  };

  app.get(
    '/prospections/:id',
    { config: { errors: ['prospection_not_found'] }, schema: { tags: ['prospections'], params: idParam, response: { 200: prospection } } },
    async (request) => existing(request.params.id),
  );

  const parts = [
    ['brands', z.array(prospectionBrand.required({ brandName: true })), listProspectionBrands],
    ['competitorbrands', z.array(prospectionCompetitorBrand), listProspectionCompetitorBrands],
    ['brandinterests', z.array(prospectionBrandInterest.required({ brandName: true })), listProspectionBrandInterests],
    ['todos', z.array(todo), listProspectionTodos],
  ] as const;
  for (const [part, schema, list] of parts) {
    app.get(
      `/prospections/:id/${part}`,
      { config: { errors: ['prospection_not_found'] }, schema: { tags: ['prospections'], params: idParam, response: { 200: schema } } },
      async (request) => {
        await existing(request.params.id);
        return list(db, request.params.id);
      },
    );
  }

  app.post(
    '/prospections',
    {
      bodyLimit: BODY_LIMIT.visit,
      config: { errors: ['no_employee', ...CONSTRAINT_ERRORS] },
      schema: { tags: ['prospections'], body: prospectionCreate, response: { 201: createdId } },
    },
    async (request, reply) => {
      return reply.status(201).send(await createProspection(db, currentEmployee(request), request.body));
    },
  );

  const ownedWrite = <B extends z.ZodTypeAny>(
    part: string,
    body: B,
    write: (tx: Tx, id: number, body: z.output<B>, who: SessionUser) => Promise<void>,
    extraErrors: ErrorCode[] = [],
  ) =>
    app.put(
      `/prospections/:id/${part}`,
      {
        bodyLimit: BODY_LIMIT.visit,
        config: { errors: ['prospection_not_found', 'not_own_prospection', ...extraErrors, ...CONSTRAINT_ERRORS] },
        schema: { tags: ['prospections'], params: idParam, body, response: { 204: z.null() } },
      },
      async (request, reply) => {
        const who = currentUser(request);
        await changeOwnProspection(db, request.params.id, who.userId, (tx) =>
          write(tx, request.params.id, request.body as z.output<B>, who),
        );
        return reply.status(204).send(null);
      },
    );

  ownedWrite('brands', prospectionBrands, (tx, id, b) => replaceProspectionBrands(tx, id, b.ProspectionBrands));
  ownedWrite('brandinterests', prospectionBrandInterests, (tx, id, b) =>
    replaceProspectionBrandInterests(tx, id, b.ProspectionBrandInterests),
  );
  ownedWrite('competitorbrands', competitorBrandIds, (tx, id, b) => replaceProspectionCompetitorBrands(tx, id, b.CompetitorBrandIds));
  ownedWrite(
    'todos',
    todoIds,
    (tx, id, b, who) => replaceProspectionTodos(tx, id, b.ToDoIds, { userId: who.userId, employeeId: who.employee?.id ?? null }),
    ['unknown_todo'],
  );
};
