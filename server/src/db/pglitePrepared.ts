// PGlite's queries as named prepared statements: parsed and planned once per query text, not on every call
// (docs/decisions/076-pglite-prepared-statements.md).
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { types } from '@electric-sql/pglite';
import { isStalePlan, PREPARABLE } from './driverShared.js';

/**
 * How many statements stay prepared; the least recently used one is closed past it. The app runs fewer distinct
 * query texts than this; the cap bounds what a caller building texts on the fly could hold in PGlite's memory.
 */
export const PREPARED_STATEMENTS_MAX = 100;

/** bytea's type oid. */
const BYTEA = 17;

interface Prepared {
  name: string;
  /** The parameters' types as PostgreSQL inferred them, to serialise the values as PGlite's own query does. */
  paramTypes: number[];
}

interface Row {
  name: string;
  fields?: { name: string; dataTypeID: number }[];
  fieldCount?: number;
  text?: string;
}

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

const rowCount = (commandTag: string) => {
  const [command, a, b] = commandTag.split(' ');
  if (command === 'INSERT') return parseInt(b, 10);
  return ['UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command) ? parseInt(a, 10) : 0;
};

/**
 * Replaces `client.query` (what drizzle calls outside a transaction) with one that keeps a named prepared statement
 * per query text: PostgreSQL parses, analyses and plans the text once (after five calls it keeps a generic plan when
 * that is no dearer), and every call sends its bind, describe, execute and sync to PGlite in one message. PGlite's own
 * query parses and plans the text on every call, in six calls into its WebAssembly. What it answers is the same
 * (rows, fields, affectedRows, an error with the query and its parameters on it); transactions keep PGlite's own way.
 */
export function prepareQueries(client: PGlite): void {
  const unnamed = client.query.bind(client);
  const statements = new Map<string, Prepared>();
  let counter = 0;

  const fail = (err: unknown, query: string, params: unknown[], options: QueryOptions | undefined): never => {
    if (err instanceof Error && 'severity' in err) Object.assign(err, { query, params, queryOptions: options });
    throw err;
  };

  /** Parses the text under a new name (closing the least recently used statement past the cap), in one call. */
  const prepare = async (text: string, options: QueryOptions | undefined): Promise<Prepared> => {
    const name = `prospectie_${++counter}`;
    const parts = [protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: 'S', name })];
    const evicted = statements.size >= PREPARED_STATEMENTS_MAX ? statements.keys().next().value : undefined;
    if (evicted !== undefined) {
      parts.unshift(protocol.serialize.close({ type: 'S', name: statements.get(evicted)!.name }));
      statements.delete(evicted);
    }
    const { messages } = await client.execProtocol(concat([...parts, protocol.serialize.sync()]), {
      syncToFs: false,
      ...(options?.onNotice ? { onNotice: options.onNotice } : {}),
    });
    const prepared = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    statements.set(text, prepared);
    return prepared;
  };

  const run = async <T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> => {
    let prepared = statements.get(text);
    if (prepared) {
      // Most recently used last: the Map's order is the eviction order.
      statements.delete(text);
      statements.set(text, prepared);
    } else prepared = await prepare(text, options);
    const { paramTypes } = prepared;
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      // Bytes go as they are, in binary format: as PGlite's hex text a photo became a string twice its size in V8's
      // large-object space, which only a full collection frees (decision 076).
      if (paramTypes[i] === BYTEA && ArrayBuffer.isView(param) && !options?.serializers?.[BYTEA]) return param;
      const serialize = options?.serializers?.[paramTypes[i]] ?? client.serializers[paramTypes[i]];
      return serialize ? serialize(param) : (param as { toString(): string }).toString();
    });
    const { messages } = await client.execProtocol(
      concat([
        protocol.serialize.bind({ statement: prepared.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute(),
        protocol.serialize.sync(),
      ]),
      options?.onNotice ? { onNotice: options.onNotice } : {},
    );
    let fields: { name: string; dataTypeID: number }[] = [];
    const rows: unknown[] = [];
    let affectedRows = 0;
    const parserOf = (oid: number) => options?.parsers?.[oid] ?? client.parsers[oid];
    for (const message of messages as unknown as Row[]) {
      if (message.name === 'rowDescription') fields = message.fields!.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
      else if (message.name === 'dataRow') {
        const values = (message as unknown as { fields: (string | null)[] }).fields.map((value, i) => {
          if (value === null) return null;
          const parser = parserOf(fields[i].dataTypeID);
          return parser ? parser(value, fields[i].dataTypeID) : types.parseType(value, fields[i].dataTypeID);
        });
        rows.push(options?.rowMode === 'array' ? values : Object.fromEntries(values.map((v, i) => [fields[i].name, v])));
      } else if (message.name === 'commandComplete') affectedRows += rowCount(message.text!);
    }
    return { rows: rows as T[], fields, affectedRows };
  };

  client.query = (async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    if (options?.blob || options?.paramTypes || !PREPARABLE.test(text)) return unnamed<T>(text, params, options);
    await client._checkReady();
    // PGlite's own locks, as its query takes them: never inside another caller's transaction, one statement at a time.
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        try {
          return await run<T>(text, params, options);
        } catch (err) {
          if (!isStalePlan(err)) return fail(err, text, params, options);
          // The table changed under the plan: prepare the text anew, once.
          const stale = statements.get(text)!;
          statements.delete(text);
          await client.execProtocol(concat([protocol.serialize.close({ type: 'S', name: stale.name }), protocol.serialize.sync()]), {
            syncToFs: false,
          });
          try {
            return await run<T>(text, params, options);
          } catch (again) {
            return fail(again, text, params, options);
          }
        }
      }),
    );
  }) as PGlite['query'];
}
