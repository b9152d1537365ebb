// Every failure leaves as JSON { error, message } with a fitting status (STYLE.md: errors are data).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { connectionErrorSummary, isConnectionError } from '../db/connectionErrors.js';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly error = defaultErrorName(statusCode),
  ) {
    super(message);
  }
}

function defaultErrorName(status: number): string {
  return (
    {
      400: 'Bad Request',
      401: 'Unauthorized',
      403: 'Forbidden',
      404: 'Not Found',
      409: 'Conflict',
      413: 'Payload Too Large',
      415: 'Unsupported Media Type',
      422: 'Unprocessable Entity',
      429: 'Too Many Requests',
      503: 'Service Unavailable',
    }[status] ?? 'Error'
  );
}

export const notFound = (what: string) => new HttpError(404, `${what} niet gevonden`);

// PostgreSQL error codes a bad but well-formed request can still hit.
// The answer names the field only; the values, table and constraint stay out of it (issue 17).
const pgErrors: Record<string, [number, string]> = {
  '23503': [400, 'verwijst naar iets dat niet bestaat'],
  '23505': [409, 'bestaat al'],
  '23514': [400, 'waarde buiten het toegelaten bereik'],
  '22001': [400, 'tekst is te lang'],
  '22003': [400, 'getal buiten het toegelaten bereik'],
  '22P02': [400, 'ongeldige waarde'],
  '22007': [400, 'ongeldige datum'],
  '22008': [400, 'ongeldige datum'],
  '22021': [400, 'bevat een ongeldig teken'],
};

interface PgError {
  code: string;
  detail?: string;
  column?: string;
  constraint?: string;
  table?: string;
}

/** The PostgreSQL error in err's cause chain (Drizzle wraps the driver's), if any. */
function pgError(err: unknown): PgError | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 3; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as PgError;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

const camelCase = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The field a constraint error is about, in the API's spelling: the key's columns of the detail, else the column. */
function fieldOf(e: PgError): string {
  const key = /^Key \(([^)]+)\)=/.exec(e.detail ?? '')?.[1];
  const columns = key ? key.split(',').map((c) => c.trim()) : e.column ? [e.column] : [];
  return columns.length ? columns.map(camelCase).join(', ') : 'body';
}

/**
 * Errors Fastify raises before routing (a malformed or over-long path): the same JSON and Dutch as the rest,
 * instead of Fastify's default that echoes the whole path back. Pass as Fastify's frameworkErrors option.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(414).send({ error: 'URI Too Long', message: 'params: een waarde in het pad is te lang (hoogstens 100 tekens).' });
  }
  if (err.code === 'FST_ERR_BAD_URL') {
    return reply.status(400).send({ error: 'Bad Request', message: 'params: het pad bevat een ongeldige URL-codering.' });
  }
  return reply.status(400).send({ error: 'Bad Request', message: 'Ongeldig verzoek: de URL kon niet gelezen worden.' });
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const message = err.validation
        .map((v) => {
          const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
          return `${err.validationContext ?? 'body'}${field ? `.${field}` : ''}: ${v.message}`;
        })
        .join('; ');
      return reply.status(400).send({ error: 'Bad Request', message });
    }
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({ error: err.error, message: err.message });
    }
    if (isConnectionError(err)) {
      // The database is away (restart, failover, network): nothing was saved, a retry will do.
      request.log.warn({ reason: connectionErrorSummary(err) }, 'database unreachable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ error: 'Service Unavailable', message: 'De databank is even niet bereikbaar. Probeer het zo opnieuw.' });
    }
    const pg = pgError(err);
    if (pg && pgErrors[pg.code]) {
      const [status, message] = pgErrors[pg.code];
      // Which table and constraint for the operator; never the values (they may be names or addresses).
      request.log.info({ pgCode: pg.code, table: pg.table, constraint: pg.constraint }, 'request refused by a database constraint');
      return reply.status(status).send({ error: defaultErrorName(status), message: `${fieldOf(pg)}: ${message}` });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ error: 'Payload Too Large', message: 'body: het verzoek is te groot.' });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send({ error: 'Internal Server Error', message: 'Er ging iets mis. Probeer het later opnieuw.' });
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.status(500).send({ error: 'Internal Server Error', message: 'Er ging iets mis. Probeer het later opnieuw.' });
    }
    return reply.status(status).send({ error: defaultErrorName(status), message: err.message });
  });
}
