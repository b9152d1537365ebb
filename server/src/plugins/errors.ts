// Every failure leaves as JSON { error, code, message, field?, rule? } with the status of its code (STYLE.md: errors
// are data; the codes and their statuses: server/src/errors.ts, the Dutch texts: web/src/i18n/nl.ts).
import { isValidationRule, type ApiErrorBody, type ErrorCode, type ValidationRule } from '@prospectie/contract';
import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { connectionErrorSummary, isConnectionError } from '../db/connectionErrors.js';
import { DomainError, STATUS_OF, statusName } from '../errors.js';

/** Sends the error response of a code (and of the contract's rule a field broke, for validation_failed). */
/** The body of an error answer, as every route sends it. */
export function errorBody(code: ErrorCode, message: string, field?: string, rule?: ValidationRule): ApiErrorBody {
  return { error: statusName(STATUS_OF[code]), code, message, ...(field ? { field } : {}), ...(rule ? { rule } : {}) };
}

export function sendError(reply: FastifyReply, code: ErrorCode, message: string, field?: string, rule?: ValidationRule) {
  return reply.status(STATUS_OF[code]).send(errorBody(code, message, field, rule));
}

// PostgreSQL error codes a bad but well-formed request can still hit.
// The answer names the field only; the values, table and constraint stay out of it.
const pgErrors: Record<string, ErrorCode> = {
  '23503': 'unknown_reference',
  '23505': 'already_exists',
  '23514': 'out_of_range',
  '22001': 'text_too_long',
  '22003': 'out_of_range',
  '22P02': 'invalid_value',
  '22007': 'invalid_date',
  '22008': 'invalid_date',
  '22021': 'invalid_character',
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
 * Errors Fastify raises before routing (a malformed or over-long path): the same JSON as the rest, instead of
 * Fastify's default that echoes the whole path back. Pass as Fastify's frameworkErrors option.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return sendError(reply, 'validation_failed', 'a path parameter is over 100 characters', 'params');
  return sendError(reply, 'validation_failed', 'the path could not be decoded', 'params');
}

/** Fastify's own 4xx errors (body parsing and media types) by their code. */
const FRAMEWORK_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
};

/** The code of any other client error Fastify or a plugin raised, by its status. */
function clientErrorCode(err: FastifyError): ErrorCode {
  if (err.code && FRAMEWORK_CODES[err.code]) return FRAMEWORK_CODES[err.code];
  if (err instanceof SyntaxError || err.statusCode === 400) return 'invalid_json';
  if (err.statusCode === 413) return 'body_too_large';
  if (err.statusCode === 415) return 'unsupported_media_type';
  return 'validation_failed';
}

/** The most of an over-long body read and thrown away so that its sender can read the 413; a larger one is cut off. */
const DISCARD_AT_MOST = 64 * 1024 * 1024;
const DISCARD_FOR_MS = 10_000;

/**
 * Reads what is left of a request's body and throws it away (up to a cap and a time), so that a client that sends the
 * whole body before it reads (Node's fetch, curl) gets the answer instead of a broken pipe when the socket closes.
 */
function discardBody(raw: IncomingMessage): Promise<void> {
  if (raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', onData).off('end', done).off('error', done).off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DISCARD_AT_MOST) done();
    };
    const timer = setTimeout(done, DISCARD_FOR_MS);
    raw.on('data', onData).on('end', done).on('error', done).on('close', done);
    raw.resume();
  });
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(async (err: FastifyError, request, reply) => {
    if (err instanceof DomainError) return sendError(reply, err.code, err.message, err.field);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = err.validation.map((v) => {
        const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        // A check of the contract refuses with its rule's code as the message; zod's own checks with English.
        const rule = isValidationRule(v.message) ? v.message : undefined;
        return { field: `${err.validationContext ?? 'body'}${path ? `.${path}` : ''}`, message: v.message, rule };
      });
      // The field named is the first one that broke a rule of the contract, else the first one refused.
      const named = fields.find((f) => f.rule) ?? fields[0];
      const message = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
      return sendError(reply, 'validation_failed', message, named?.field, named?.rule);
    }
    if (isConnectionError(err)) {
      // The database is away (restart, failover, network): nothing was saved, a retry will do.
      request.log.warn({ reason: connectionErrorSummary(err) }, 'database unreachable');
      return sendError(reply.header('retry-after', '5'), 'database_unavailable', 'the database is not reachable; nothing was saved');
    }
    const pg = pgError(err);
    if (pg && pgErrors[pg.code]) {
      // Which table and constraint for the operator; never the values (they may be names or addresses).
      request.log.info({ pgCode: pg.code, table: pg.table, constraint: pg.constraint }, 'request refused by a database constraint');
      const field = fieldOf(pg);
      return sendError(reply, pgErrors[pg.code], `${field}: refused by the database`, field);
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return sendError(reply, 'internal', 'the server failed');
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const code = clientErrorCode(err);
      if (code === 'body_too_large') {
        await discardBody(request.raw);
        return sendError(reply, code, 'body is too large');
      }
      return sendError(reply, code, err.message);
    }
    request.log.error({ err }, 'request failed');
    return sendError(reply, 'internal', 'the server failed');
  });
}
