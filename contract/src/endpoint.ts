// An endpoint of the API, said once (docs/decisions/046-one-declaration-per-endpoint.md): the server registers its
// route from it, the web calls it through its typed client, and the API document is generated from it.
import type { z } from 'zod';
import type { Role } from './admin';
import type { ErrorCode } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Where the API lives: every endpoint's path is under it. */
export const API_ROOT = '/api';

/** Where an endpoint is called (./endpoints/addresses.ts). */
export interface Address {
  method: HttpMethod;
  /** Under /api, with Fastify's `:name` parameters: '/appointments/:ref'. */
  path: string;
}

export interface Endpoint extends Address {
  /** The document's sections. */
  tags: readonly string[];
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Every answer by its status; the error answers come from `errors`. */
  responses: { [status: number]: z.ZodType };
  /** The codes this endpoint may answer (errors.ts); each is documented with its status. */
  errors?: readonly ErrorCode[];
  /** Only a session with one of these roles (others: 403 role_required); absent: anyone signed in. */
  roles?: readonly Role[];
  /** Callable without a session. */
  public?: boolean;
  /**
   * A public write that comes from outside the app (a mail client's one-click unsubscribe, RFC 8058): neither the
   * app's header nor its Origin is asked; the token in its path is the credential (decision 070).
   */
  fromOutside?: boolean;
  /**
   * Takes an `Idempotency-Key`: a retry with the same key answers what the first call answered, and the key's claim
   * commits in the same transaction as the write. The scope names the write the key belongs to, its `:params`
   * filled in (a key kept on a device before is claimed under the same scope after an update).
   */
  idempotent?: { scope: string };
  /** The largest body in bytes, when it differs from the server's default. */
  bodyLimit?: number;
  /** Work that grows with what is sent: limited per person and minute (docs/decisions/041-file-work-off-the-loop.md). */
  heavy?: boolean;
}

/** Declares an endpoint, keeping its exact types (the schemas, the method, the path). */
export const endpoint = <const E extends Endpoint>(declaration: E): E => declaration;

type Success<R> = { [S in keyof R]: S extends 200 | 201 | 202 | 203 | 205 | 206 ? R[S] : never }[keyof R];

/** What a successful call answers (no body for 204). */
export type EndpointResult<E extends Endpoint> = Success<E['responses']> extends infer S extends z.ZodType ? z.output<S> : undefined;
/** The path's parameters, as a caller gives them. */
export type EndpointParams<E extends Endpoint> = E['params'] extends z.ZodType ? z.input<E['params']> : undefined;
/** The query, as a caller gives it. */
export type EndpointQuery<E extends Endpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : undefined;
/** The body, as a caller gives it. */
export type EndpointBody<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;

/** The address of a call: the path with its parameters filled in (encoded), and the query without its empty values. */
export function endpointUrl(
  declaration: Pick<Endpoint, 'path'>,
  params: Record<string, unknown> = {},
  query: Record<string, unknown> = {},
) {
  const search = new URLSearchParams();
  for (const key in query) if (query[key] != null) search.set(key, String(query[key]));
  const path = declaration.path.replace(/:(\w+)/g, (_, name: string) => {
    if (params[name] == null) throw new Error(`no value for :${name}`);
    return encodeURIComponent(String(params[name]));
  });
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
