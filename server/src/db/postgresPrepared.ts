// PostgreSQL's queries as named prepared statements, one set per connection
// (docs/decisions/085-postgres-prepared-statements.md).
import type pg from 'pg';
import { isStalePlan, PREPARABLE } from './driverShared.js';

/** How many statements one connection keeps prepared; past it, a new query text runs unnamed on that connection. */
export const PREPARED_PER_CONNECTION_MAX = 100;

/** How many query texts get a name in the process; past it, a new text runs unnamed everywhere. */
const NAMED_TEXTS_MAX = 1000;

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

type QueryConfig = pg.QueryConfig & { name?: string; submit?: unknown; callback?: unknown };

/**
 * Gives every read and write a caller sends as a query object (what drizzle sends) the name of its text, so
 * node-postgres parses it once per connection and PostgreSQL plans it once (after five calls a generic plan, when that
 * is no dearer) instead of on every call. Texts as strings, queries with a name of their own, and anything past the
 * caps go unchanged. A table changed under a prepared statement is asked again unnamed (outside a transaction), and
 * that text stays unnamed on this connection.
 */
export function prepareOnConnection(client: pg.ClientBase, max = PREPARED_PER_CONNECTION_MAX): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
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
      c.callback === undefined &&
      (values === undefined || Array.isArray(values)) &&
      (callback === undefined || typeof callback === 'function') &&
      PREPARABLE.test(c.text);
    if (!plain) return query(...args);
    const name = nameOf(c.text);
    if (name === undefined || stale.has(name) || (!prepared.has(name) && prepared.size >= max)) return query(...args);
    prepared.add(name);
    const named = { ...c, name };
    // With a callback (pg-pool's own query) node-postgres calls it back as before, within its reading of the answer.
    // Turned into its promise and back, the rows of an export's batches outlived two scavenges and were promoted:
    // the server's peak in the bench's export went from 226 to 315 MB (decision 085).
    if (typeof callback === 'function') {
      const done = callback as (err: unknown, result?: pg.QueryResult) => void;
      return query(named, values, (err: unknown, result?: pg.QueryResult) => {
        if (!isStalePlan(err)) return done(err, result);
        stale.add(name);
        query(c, values, done);
      });
    }
    // The promise form is drizzle's inside a transaction, which the refused statement has aborted: no second try there
    // (it would fail as 'current transaction is aborted'); the caller gets PostgreSQL's error, the text goes unnamed.
    return (query(named, values) as Promise<pg.QueryResult>).catch((err: unknown) => {
      if (isStalePlan(err)) stale.add(name);
      throw err;
    });
  }) as pg.ClientBase['query'];
}
