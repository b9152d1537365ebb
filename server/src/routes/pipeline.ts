// Where every shop stands for every FC70 brand (docs/decisions/066-pipeline-per-shop-and-brand.md). Each endpoint is
// declared in contract/src/endpoints/pipeline.ts: read by every signed-in user, set by anyone who records visits.
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '@prospectie/contract/endpoints';
import { currentEmployee } from '../auth/plugin.js';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { DomainError } from '../errors.js';
import { followUpsOf, setStatus, shopPipeline } from '../services/pipeline/statuses.js';
import { idempotentRoute, route } from './declared.js';

const { myFollowUps, setShopPipelineStatus, shopPipelineOf } = endpoints;

export const pipelineRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  const { db } = database;

  route(app, shopPipelineOf, async (request) => {
    const [shop] = await rowsOf(db, sql`select 1 from shops where id = ${request.params.id}::int`);
    if (!shop) throw new DomainError('shop_not_found', 'shop not found');
    return shopPipeline(db, request.params.id);
  });

  idempotentRoute(app, database, setShopPipelineStatus, (request) => {
    const who = currentEmployee(request);
    return {
      inTransaction: async (tx) => ({
        status: 200 as const,
        body: await setStatus(tx, who, request.params.id, request.params.brandId, request.body),
      }),
    };
  });

  route(app, myFollowUps, async (request) => followUpsOf(db, currentEmployee(request).employeeId));
};
