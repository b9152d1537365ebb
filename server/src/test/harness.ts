// Test harness: a fresh database per suite (PGlite always, PostgreSQL too when TEST_DATABASE_URL is set).
import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { CLIENT_HEADER, type ErrorCode } from '@prospectie/contract';
import { buildApp, type App } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { migrationsFolder, openDatabase, type Database } from '../db/client.js';
import { newPglite } from '../db/pglite.js';
import { seedDemo } from '../db/seed.js';
import { declaredErrors, type RouteShape } from '../errors.js';
import { createLogger } from '../ops/logging.js';
import type { BackgroundOptions } from '../services/jobs/background.js';

export type DbKind = 'pglite' | 'postgres';
export const dbKinds: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A database of its own for one suite; PostgreSQL gets a throwaway database that close() drops. Both start from a
 * copy of a database the migrations already built (once per test process, or once per migration set on the
 * PostgreSQL server), which is several times faster than initdb and the migrations for every suite; `fresh`
 * builds one from nothing instead, for the tests of the migrations themselves.
 */
export async function createTestDatabase(kind: DbKind, options: { fresh?: boolean } = {}): Promise<Database> {
  if (kind === 'pglite') {
    return openDatabase({ dataDir: null }, options.fresh ? {} : { loadDataDir: await migratedPgliteArchive() });
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `prospectie_test_${randomUUID().replaceAll('-', '')}`;
  const template = options.fresh ? null : await migratedPostgresTemplate(adminUrl);
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  const database = await openDatabase({ databaseUrl: databaseUrlOf(adminUrl, name) });
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function databaseUrlOf(adminUrl: string, name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A digest of the migration files: a template built from other migrations is never used. */
function migrationsDigest(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsFolder, file);
    if (statSync(full).isFile()) hash.update(file).update(readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

let pgliteArchive: Promise<Blob> | null = null;
/** PGlite: one migrated, empty data directory per test process, archived; every suite loads a copy. */
function migratedPgliteArchive(): Promise<Blob> {
  pgliteArchive ??= (async () => {
    const client = newPglite(null);
    await migrate(drizzle(client), { migrationsFolder });
    const archive = await client.dumpDataDir('none');
    await client.close();
    return archive;
  })();
  return pgliteArchive;
}

let postgresTemplate: Promise<string> | null = null;
/**
 * PostgreSQL: a migrated, empty template database per migration set, built once by whichever test process comes
 * first (an advisory lock makes the others wait) and copied by CREATE DATABASE … TEMPLATE.
 */
function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  postgresTemplate ??= withAdmin(adminUrl, async (admin) => {
    const name = `prospectie_template_${migrationsDigest()}`;
    await admin.query('select pg_advisory_lock(7043500001)');
    try {
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (!rowCount) {
        const building = `${name}_building`;
        await admin.query(`drop database if exists ${building} with (force)`);
        await admin.query(`create database ${building}`);
        const database = await openDatabase({ databaseUrl: databaseUrlOf(adminUrl, building) });
        await database.close();
        await admin.query(`alter database ${building} rename to ${name}`);
      }
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock(7043500001)');
    }
  });
  return postgresTemplate;
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

export async function createTestContext(
  kind: DbKind,
  options: { seed?: boolean; config?: Partial<Config>; background?: BackgroundOptions } = {},
): Promise<TestContext> {
  const database = await createTestDatabase(kind);
  if (options.seed !== false) await seedDemo(database.db, new Date(2026, 10, 23), { shops: 25 });
  const logLines: string[] = [];
  const loggerInstance = createLogger('info', { write: (line: string) => void logLines.push(line) });
  const app = await buildApp({ config: testConfig(options.config), database, loggerInstance, background: options.background });
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
      // No e-mail address in the logs (docs/operations.md, decision 060): every API suite checks what it made the app write.
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

/** A suite's context with the seed's people signed in, one for each role: their cookie headers. */
export interface AdminContext extends TestContext {
  /** demo@example.com, a medewerker. */
  rep: string;
  /** manager@example.com. */
  manager: string;
  /** beheer@example.com, a beheerder. */
  admin: string;
}

/**
 * The start of a suite about the administration and who may use it: before its tests, a seeded database with a
 * rep, a manager and a beheerder signed in; after them, closed. The context is filled in when the suite's own
 * beforeAll hooks run (they run after this one), so read it in hooks and tests, not while the suite is collected.
 */
export function adminContext(kind: DbKind): AdminContext {
  const suite = {} as AdminContext;
  beforeAll(async () => {
    Object.assign(suite, await createTestContext(kind));
    suite.rep = await suite.signIn(DEMO_EMAIL);
    suite.manager = await suite.signIn('manager@example.com');
    suite.admin = await suite.signIn('beheer@example.com');
  }, 120_000);
  afterAll(async () => suite.close?.());
  return suite;
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
