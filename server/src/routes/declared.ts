// Routes registered from their declarations in contract/src/endpoints (docs/decisions/046-one-declaration-per-endpoint.md):
// method, path, schemas, codes, roles, body limit, rate limit and Idempotency-Key come from the declaration; a route file
// writes only what the endpoint does.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { HEAVY_CALL_ERRORS, IDEMPOTENCY_ERRORS, IDEMPOTENCY_HEADER, type Endpoint, type ErrorCode } from '@prospectie/contract';
import { z } from 'zod';
import { currentUser } from '../auth/plugin.js';
import type { Database, Tx } from '../db/client.js';
import { heavyCall } from '../plugins/heavyCalls.js';
import { parseIdempotencyKey, runIdempotent, runIdempotentStatement, type StatementClaim } from '../services/idempotency.js';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type Status<E extends Endpoint> = keyof E['responses'] & number;

/** A request to a declared endpoint: its params, query and body as the declaration's schemas give them. */
export type DeclaredRequest<E extends Endpoint> = FastifyRequest<{
  Params: Out<E['params']>;
  Querystring: Out<E['query']>;
  Body: Out<E['body']>;
}>;

/** One of the endpoint's answers: a status it declares and the body of that status. */
export type Answer<E extends Endpoint> = { [S in Status<E>]: { status: S; body: Out<E['responses'][S]> } }[Status<E>];

/** What the server adds to a declaration: the limits it reads from its configuration, a description with its values. */
export interface ServerSide {
  heavyCallsPerMinute?: number;
  /** A limit of its own per address (the sign-in routes), in @fastify/rate-limit's route options. */
  rateLimit?: RateLimitOptions;
  description?: string;
}

const idempotencyHeaders = z.object({ [IDEMPOTENCY_HEADER]: z.string().optional() });

function routeOptions(declaration: Endpoint, server: ServerSide) {
  if (declaration.heavy && server.heavyCallsPerMinute === undefined) throw new Error(`${declaration.path}: a heavy call needs its limit`);
  if (declaration.heavy && server.rateLimit) throw new Error(`${declaration.path}: a heavy call has the heavy calls' limit`);
  const errors: ErrorCode[] = [
    ...new Set([
      ...(declaration.roles ? (['role_required'] as const) : []),
      ...(declaration.errors ?? []),
      ...(declaration.idempotent ? IDEMPOTENCY_ERRORS : []),
      ...(declaration.heavy ? HEAVY_CALL_ERRORS : []),
    ]),
  ];
  return {
    method: declaration.method,
    url: declaration.path,
    ...(declaration.bodyLimit ? { bodyLimit: declaration.bodyLimit } : {}),
    config: {
      errors,
      ...(declaration.roles ? { roles: declaration.roles } : {}),
      ...(declaration.public ? { public: true } : {}),
      ...(declaration.fromOutside ? { fromOutside: true } : {}),
      ...(declaration.heavy ? heavyCall(server.heavyCallsPerMinute!) : {}),
      ...(server.rateLimit ? { rateLimit: server.rateLimit } : {}),
    },
    schema: {
      tags: [...declaration.tags],
      ...((server.description ?? declaration.description) ? { description: server.description ?? declaration.description } : {}),
      ...(declaration.params ? { params: declaration.params } : {}),
      ...(declaration.query ? { querystring: declaration.query } : {}),
      ...(declaration.idempotent ? { headers: idempotencyHeaders } : {}),
      ...(declaration.body ? { body: declaration.body } : {}),
      response: declaration.responses,
    },
  };
}

/**
 * Registers a declared endpoint. The handler answers the body of the endpoint's first declared status, or, for
 * anything else (another status, headers), sends it with `reply` itself.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  declaration: E,
  handler: (request: DeclaredRequest<E>, reply: FastifyReply) => Promise<unknown>,
  server: ServerSide = {},
) {
  const [first] = Object.keys(declaration.responses).map(Number);
  app.route({
    ...routeOptions(declaration, server),
    handler: async (request, reply) => {
      const body = await handler(request as DeclaredRequest<E>, reply);
      if (reply.sent) return reply;
      return reply.status(first).send(body);
    },
  });
}

/** The write of an idempotent endpoint: in the transaction that claims the key, or in the statement that stores it. */
export type IdempotentWork<E extends Endpoint> =
  { inTransaction: (tx: Tx) => Promise<Answer<E>> } | { inStatement: (claim: StatementClaim) => Promise<Answer<E> | null> };

/**
 * Registers an endpoint that takes an Idempotency-Key. `prepare` checks the caller (its refusals come before the key
 * is claimed) and says what to write; the key's claim commits with the write, and a retry with the same key answers
 * what the first call answered, with `idempotent-replayed: true`.
 */
export function idempotentRoute<E extends Endpoint & { idempotent: { scope: string } }>(
  app: FastifyInstance,
  database: Database,
  declaration: E,
  prepare: (request: DeclaredRequest<E>) => IdempotentWork<E>,
  server: ServerSide = {},
) {
  app.route({
    ...routeOptions(declaration, server),
    handler: async (request, reply) => {
      const declared = request as DeclaredRequest<E>;
      const work = prepare(declared);
      const params = (request.params ?? {}) as Record<string, unknown>;
      const scope = declaration.idempotent.scope.replace(/:(\w+)/g, (_, name: string) => String(params[name]));
      const key = parseIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]);
      const claim = { userId: currentUser(request).userId, key, route: scope, body: request.body ?? null };
      const result =
        'inTransaction' in work
          ? await runIdempotent(database.db, claim, work.inTransaction)
          : await runIdempotentStatement(database, claim, work.inStatement);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(result.status).send(result.body);
    },
  });
}
