// Test harness: a fresh database per suite (PGlite always, PostgreSQL too when TEST_DATABASE_URL is set).
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { CLIENT_HEADER, type ErrorCode } from '@prospectie/contract';
import { buildApp, type App } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { seedDemo } from '../db/seed.js';
import { declaredErrors, type RouteShape } from '../errors.js';
import { createLogger } from '../ops/logging.js';

export type DbKind = 'pglite' | 'postgres';
export const dbKinds: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** A database of its own for one suite; PostgreSQL gets a throwaway database that close() drops. */
export async function createTestDatabase(kind: DbKind): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ dataDir: null });
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `prospectie_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Runs raw SQL and returns its rows (both drivers answer with { rows }). */
export async function queryRows<T>(database: Database, query: SQL): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', SEED: 'none', WEB_DIST: '/nonexistent' }), ...overrides };
}

export interface TestContext {
  app: App;
  database: Database;
  /** Signs in with the demo sign-in and returns the cookie header to send. */
  signIn(email?: string): Promise<string>;
  /** Every log line the app wrote (at info, as in production). close() fails when one holds an e-mail address. */
  logLines: string[];
  /** Number of rows in every table, to prove a refused request wrote nothing. */
  rowCounts(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

export async function createTestContext(kind: DbKind, options: { seed?: boolean; config?: Partial<Config> } = {}): Promise<TestContext> {
  const database = await createTestDatabase(kind);
  if (options.seed !== false) await seedDemo(database.db, new Date(2026, 10, 23), { shops: 25 });
  const logLines: string[] = [];
  const loggerInstance = createLogger('info', { write: (line: string) => void logLines.push(line) });
  const app = await buildApp({ config: testConfig(options.config), database, loggerInstance });
  const undeclared = watchErrorCodes(app);
  await app.ready();
  return {
    app,
    database,
    logLines,
    signIn: (email) => signInTo(app, email),
    async rowCounts() {
      const tables = await queryRows<{ table_name: string }>(
        database,
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      );
      const counts: Record<string, number> = {};
      for (const { table_name } of tables) {
        if (table_name === 'sessions') continue;
        const [{ n }] = await queryRows<{ n: number }>(database, sql.raw(`select count(*)::int as n from "${table_name}"`));
        counts[table_name] = n;
      }
      return counts;
    },
    async close() {
      await app.close();
      await database.close();
      // The README promises no e-mail address in the logs: every API suite checks what it made the app write.
      const leaks = logLines.filter((line) => EMAIL_ADDRESS.test(line));
      if (leaks.length) throw new Error(`e-mail address in ${leaks.length} log line(s), e.g. ${leaks[0]}`);
      // Every route declares the codes it may answer (errors.ts): one it did not declare fails the suite.
      if (undeclared.size) throw new Error(`answers with codes the routes do not declare: ${[...undeclared].join('; ')}`);
    },
  };
}

const DEMO_EMAIL = 'demo@example.com';
/** The demo sign-in, as every test signs in. */
const demoSignIn = (email: string) => ({
  url: '/api/auth/demo',
  headers: { [CLIENT_HEADER]: '1', 'content-type': 'application/json' },
  body: JSON.stringify({ email }),
});

/** The session's cookie header (`name=value`) from a sign-in's answer; throws when the sign-in failed. */
function sessionCookie(status: number, setCookie: string | string[] | undefined, body: string): string {
  if (status !== 204) throw new Error(`sign-in failed: ${status} ${body}`);
  const pairs = [setCookie ?? []].flat().map((c) => c.split(';')[0]);
  const cookie = pairs.find((pair) => pair.split('=')[0].endsWith('prospectie_session'));
  if (!cookie) throw new Error('sign-in set no session cookie');
  return cookie;
}

/** Signs in to an app (by inject) with the demo sign-in and returns the cookie header to send. */
export async function signInTo(app: App, email = DEMO_EMAIL): Promise<string> {
  const request = demoSignIn(email);
  const res = await app.inject({ method: 'POST', url: request.url, headers: request.headers, payload: request.body });
  return sessionCookie(res.statusCode, res.headers['set-cookie'], res.body);
}

/** The same against a server process listening at base (http://127.0.0.1:port). */
export async function signInAt(base: string, email = DEMO_EMAIL): Promise<string> {
  const request = demoSignIn(email);
  const res = await fetch(`${base}${request.url}`, { method: 'POST', headers: request.headers, body: request.body });
  return sessionCookie(res.status, res.headers.getSetCookie(), await res.text());
}

/** A small visit for the write tests of instances, processes and retries; `extra` tells one from another. */
export const sampleVisit = (extra: string) => ({
  visitDate: '2026-11-23',
  contactTypeId: 1,
  visitTypeId: 1,
  extra,
  brands: [{ brandId: 1, sellout: 50 }],
});

/** Records every error code an API route answers that it does not declare (the OpenAPI document lists them). */
export function watchErrorCodes(app: App): Set<string> {
  const undeclared = new Set<string>();
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions;
    if (reply.statusCode < 400 || !route.url?.startsWith('/api') || typeof payload !== 'string') return payload;
    let code: ErrorCode | undefined;
    try {
      code = (JSON.parse(payload) as { code?: ErrorCode }).code;
    } catch {
      code = undefined;
    }
    const declared = declaredErrors({ method: request.method, config: route.config, schema: route.schema as RouteShape['schema'] });
    if (!code || !declared.has(code)) undeclared.add(`${request.method} ${route.url} → ${reply.statusCode} ${code ?? '(no code)'}`);
    return payload;
  });
  return undeclared;
}

/** An e-mail address, also percent-encoded (%40) as it appears in a path. */
export const EMAIL_ADDRESS = /[\w.+-]+(@|%40)[\w-]+(\.[\w-]+)+/i;

/** Headers of a write from the app: session cookie and the client header. */
export const writeHeaders = (cookie: string, extra: Record<string, string> = {}) => ({ cookie, [CLIENT_HEADER]: '1', ...extra });

/** A server process's output that shows an unhandled rejection (Node's own crash text, or main.ts's log line). */
export const UNHANDLED_REJECTION = /UnhandledPromiseRejection|ERR_UNHANDLED_REJECTION|unhandled ?rejection/i;
