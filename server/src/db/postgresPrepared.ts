// PostgreSQL's queries as named prepared statements, one set per connection
// (docs/decisions/085-postgres-prepared-statements.md).
import type pg from 'pg';

/** How many statements one connection keeps prepared; past it, a new query text runs unnamed on that connection. */
export const PREPARED_PER_CONNECTION_MAX = 100;

/** How many query texts get a name in the process; past it, a new text runs unnamed everywhere. */
const NAMED_TEXTS_MAX = 1000;

/** Plain reads and writes; anything else (BEGIN, SET, LISTEN, DDL) stays a simple query, as node-postgres sends it. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** PostgreSQL refuses a prepared statement whose result columns changed since it was planned (a table altered). */
const isStalePlan = (err: unknown) =>
  err instanceof Error && (err as { code?: string }).code === '0A000' && /cached plan must not change result type/.test(err.message);

/** One name per query text, the same on every connection: node-postgres refuses a name reused for another text. */
const names = new Map<string, string>();

function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < NAMED_TEXTS_MAX) {
    name = `prospectie_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

type QueryConfig = pg.QueryConfig & { name?: string; submit?: unknown };

/**
 * Gives every read and write a caller sends as a query object (what drizzle sends) the name of its text, so
 * node-postgres parses it once per connection and PostgreSQL plans it once (after five calls a generic plan, when that
 * is no dearer) instead of on every call. Texts as strings, queries with a name of their own, and anything past the
 * caps go unchanged. A table changed under a prepared statement is asked again unnamed, and that
 * text stays unnamed on this connection.
 */
export function prepareOnConnection(client: pg.ClientBase, max = PREPARED_PER_CONNECTION_MAX): void {
  const query = client.query.bind(client) as (config: unknown, values?: unknown) => Promise<pg.QueryResult>;
  const prepared = new Set<string>();
  const stale = new Set<string>();
  client.query = ((...args: unknown[]) => {
    const [config, values, callback] = args;
    const c = config as QueryConfig | null;
    // pg-pool's own query (what drizzle calls on a pool) passes a callback; drizzle on a client awaits the promise.
    const plain =
      c !== null &&
      typeof c === 'object' &&
      typeof c.text === 'string' &&
      c.name === undefined &&
      c.submit === undefined &&
      (values === undefined || Array.isArray(values)) &&
      (callback === undefined || typeof callback === 'function') &&
      PREPARABLE.test(c.text);
    if (!plain) return (query as (...a: unknown[]) => unknown)(...args);
    const name = nameOf(c.text);
    const unnamed = () => query(c, values);
    const named = (name: string) => {
      prepared.add(name);
      return query({ ...c, name }, values).catch((err: unknown) => {
        if (!isStalePlan(err)) throw err;
        stale.add(name);
        return unnamed();
      });
    };
    const answer = name === undefined || stale.has(name) || (!prepared.has(name) && prepared.size >= max) ? unnamed() : named(name);
    if (typeof callback !== 'function') return answer;
    answer.then(
      (result) => (callback as (err: unknown, result?: pg.QueryResult) => void)(null, result),
      (err: unknown) => (callback as (err: unknown) => void)(err),
    );
    return undefined;
  }) as pg.ClientBase['query'];
}
