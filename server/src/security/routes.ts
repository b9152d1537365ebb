// The API's routes as its OpenAPI document lists them, so the security suites cover new routes by themselves.
import { sql, type SQL } from 'drizzle-orm';
import type { App } from '../app.js';
import { queryRows, type TestContext } from '../test/harness.js';

export interface ApiRoute {
  /** "POST /api/shops/{id}/prospections" */
  name: string;
  method: string;
  /** OpenAPI path with {param} placeholders. */
  path: string;
  pathParams: string[];
  hasBody: boolean;
}

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export async function apiRoutes(app: App): Promise<ApiRoute[]> {
  const res = await app.inject({ url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`/api/docs/json: ${res.statusCode}`);
  const doc = res.json() as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: unknown }>>;
  };
  const routes: ApiRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const m = method.toUpperCase();
      routes.push({
        name: `${m} ${path}`,
        method: m,
        path,
        pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        hasBody: !!op.requestBody,
      });
    }
  }
  return routes;
}

/** Fills {param} placeholders; values are URL-encoded. */
export function fillPath(path: string, values: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`no value for {${name}} in ${path}`);
    return encodeURIComponent(String(values[name]));
  });
}

/**
 * Row counts of every table but sessions in one round trip (the harness's rowCounts asks table by table;
 * this is the same figure, fast enough to take after each of thousands of requests).
 */
export async function rowCounter(ctx: TestContext): Promise<() => Promise<Record<string, number>>> {
  const tables = Object.keys(await ctx.rowCounts());
  const query: SQL = sql.raw(`select ${tables.map((t) => `(select count(*)::int from "${t}") as "${t}"`).join(', ')}`);
  return async () => (await queryRows<Record<string, number>>(ctx.database, query))[0];
}
