// Structured JSON logs (pino) with a request id per request, and nothing personal in them:
// no cookies, tokens, query strings, client addresses, query parameters or constraint details.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import pino, { type Logger } from 'pino';

export const REQUEST_ID_HEADER = 'x-request-id';
/** An id a proxy sends along is kept when it is plain; anything else gets a fresh one. */
const PLAIN_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestIdFrom(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && PLAIN_ID.test(given) ? given : randomUUID();
}

/** The path only: query strings carry search terms and, on the sign-in callback, the code and state. */
const pathOnly = (url: unknown) => (typeof url === 'string' ? url.split('?')[0] : undefined);

/** An e-mail address in a path, however it is spelled (@ or %40). */
const HOLDS_EMAIL = /@|%40/i;

/** The calendar feed's path carries its token, the feed's only credential: never logged as asked. */
/** Paths whose last part is a credential: a calendar feed's (decision 028), an unsubscribe link's (070), API or page. */
const TOKEN_PATH = /^(\/api\/calendar\/feed|\/api\/mail\/unsubscribe|\/afmelden)(\/|$)/i;

/** A path as the router reads it (%61pi is api); a path that does not decode is taken as it is. */
function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The path to log: as asked, unless it holds an e-mail address (/api/User/GetUserByEmail/{email}) or a token (a calendar
 * feed's /api/calendar/feed/{token}.ics, an unsubscribe link's), however it is spelled (%61pi, %66eed); then the
 * matched route's pattern, or a placeholder when no route matched.
 */
export function loggablePath(url: unknown, routePattern: string | undefined): string | undefined {
  const path = pathOnly(url);
  if (path === undefined) return path;
  const asRouted = decoded(path);
  const tokenPath = TOKEN_PATH.exec(asRouted) ?? (routePattern !== undefined ? TOKEN_PATH.exec(routePattern) : null);
  if (tokenPath) return routePattern ?? `${tokenPath[1].toLowerCase()}/(token)`;
  if (!HOLDS_EMAIL.test(path) && !HOLDS_EMAIL.test(asRouted)) return path;
  return routePattern ?? '(path with an e-mail address)';
}

/** Drizzle quotes the query's parameters (names, e-mail addresses, free text) in its message: cut them. */
const withoutParams = (text: unknown) => (typeof text === 'string' ? text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '') : undefined);

export function safeError(err: unknown, depth = 0): Record<string, unknown> | undefined {
  if (!err || typeof err !== 'object' || depth > 4) return undefined;
  const e = err as {
    name?: unknown;
    constructor?: { name?: string };
    message?: unknown;
    stack?: unknown;
    code?: unknown;
    statusCode?: unknown;
    cause?: unknown;
  };
  return {
    type: e.constructor?.name ?? e.name,
    message: withoutParams(e.message),
    code: typeof e.code === 'string' ? e.code : undefined,
    statusCode: typeof e.statusCode === 'number' ? e.statusCode : undefined,
    stack: withoutParams(e.stack),
    cause: safeError(e.cause, depth + 1),
  };
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'prospectie' },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Belt and braces: the serializers below never log headers, but a log call passing them still gets nothing.
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'headers.cookie',
          'headers.authorization',
          'res.headers["set-cookie"]',
          '*.password',
          '*.token',
          '*.email',
        ],
        censor: '[redacted]',
      },
      serializers: {
        req: (req: { method?: string; url?: string; routeOptions?: { url?: string } }) => ({
          method: req.method,
          url: loggablePath(req.url, req.routeOptions?.url),
          route: req.routeOptions?.url,
        }),
        res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
        err: (err: unknown) => safeError(err),
      },
    },
    destination,
  );
}
