// Property-based fuzzing of every write route the OpenAPI document lists: 300 generated bodies, 300 path ids
// and 300 header sets per route in `npm run test:faults` (100 of each in `npm test`, where it shares the clock with
// every other suite) (wrong types, huge strings, out-of-range numbers, unknown fields, broken JSON,
// unicode). Never a 5xx; a refusal is always JSON with a code of the contract and writes nothing.
// A body that happens to be valid may succeed; only refusals are held to unchanged row counts.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_HEADER, ERROR_CODES } from '@prospectie/contract';
import type { App } from '../app.js';
import { createTestContext, dbKinds, type TestContext } from '../test/harness.js';
import { makeFixtures, writeSamples, type Fixtures, type WriteSample } from './fixtures.js';
import { apiRoutes, fillPath, rowCounter, WRITE_METHODS, type ApiRoute } from './routes.js';

/** The fault run fuzzes hardest; the everyday run a third as much, with the same generators and seeds. */
const RUNS = process.env.PROSPECTIE_FAULTS ? 300 : 100;

type InjectResponse = Awaited<ReturnType<App['inject']>>;

// --- generators ---
const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 80 });
const unicode = fc.string({ unit: 'grapheme', maxLength: 60 });
const huge = fc.oneof(
  fc.integer({ min: 1_000, max: 300_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 100, max: 20_000 }).map((n) => '🏪é\u202e'.repeat(n)),
);
const oddNumber = fc.oneof(
  fc.constantFrom(-1, 0, 1.5, -0.0001, 2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53, Number.MAX_SAFE_INTEGER, 1e308, -1e308, 99999999999),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
/** Anything that may stand where a field's value should be. */
const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  oddNumber,
  unicode,
  huge,
  printable,
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    '',
    ' ',
    '1',
    '-1',
    '2026-13-45',
    '0000-00-00',
    '1e3',
    'true',
    'null',
    '<script>alert(1)</script>',
    "'; drop table shops; --",
    '\u0000',
    '%00',
  ),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(printable, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 }),
  fc.array(fc.integer(), { minLength: 501, maxLength: 600 }),
);

type Body = { kind: 'json'; value: unknown } | { kind: 'raw'; text: string };

/** Changes one field, at the top or one level down (inside the first element of an array field). */
function withField(sample: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(sample) as Record<string, unknown>;
  const [head, ...rest] = path;
  if (Array.isArray(copy[head]) && rest.length) {
    const list = copy[head] as unknown[];
    list[0] = withField(list[0], rest, value);
  } else {
    copy[head] = withField(copy[head], rest, value);
  }
  return copy;
}

function fieldPaths(sample: unknown): string[][] {
  // A body of bytes (a photo) has no fields: its indices are bytes, which take no object.
  if (!sample || typeof sample !== 'object' || Array.isArray(sample) || ArrayBuffer.isView(sample)) return [[]];
  const paths: string[][] = [[]];
  for (const [key, value] of Object.entries(sample)) {
    paths.push([key]);
    if (Array.isArray(value) && value[0] && typeof value[0] === 'object') {
      for (const inner of Object.keys(value[0] as object)) paths.push([key, inner]);
    }
  }
  return paths;
}

function bodies(sample: unknown): fc.Arbitrary<Body> {
  const json = JSON.stringify(sample ?? {});
  return fc.oneof(
    // one field wrong (type, size, range, encoding), or the whole body replaced
    fc
      .tuple(fc.constantFrom(...fieldPaths(sample)), oddValue)
      .map(([path, value]): Body => ({ kind: 'json', value: withField(sample ?? {}, path, value) })),
    // the valid body plus unknown fields
    fc
      .dictionary(unicode, fc.jsonValue({ maxDepth: 2 }), { minKeys: 1, maxKeys: 5 })
      .map((extra): Body => ({ kind: 'json', value: { ...extra, ...(sample as object) } })),
    // some other JSON value altogether
    fc.jsonValue({ maxDepth: 3 }).map((value): Body => ({ kind: 'json', value })),
    // broken JSON: cut short, stray characters, not JSON at all
    fc.integer({ min: 0, max: Math.max(0, json.length - 1) }).map((n): Body => ({ kind: 'raw', text: json.slice(0, n) })),
    fc
      .tuple(fc.integer({ min: 0, max: json.length }), fc.constantFrom('}', '{', ',', '"', ':', '\\', '\u0000', 'NaN', "'", ']'))
      .map(([n, c]): Body => ({ kind: 'raw', text: json.slice(0, n) + c + json.slice(n) })),
    unicode.map((text): Body => ({ kind: 'raw', text })),
  );
}

const pathIds = fc.oneof(
  fc.integer({ min: -1e12, max: 1e12 }).map(String),
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '0x1f',
    '99999999999999999999999',
    '2147483648',
    'NaN',
    'Infinity',
    ' 1',
    '1 ',
    '+1',
    '..',
    '%',
    'null',
    'undefined',
    '[]',
    '{}',
  ),
  unicode.filter((s) => s.length > 0),
  printable.filter((s) => s.length > 0),
  huge.map((s) => s.slice(0, 5000)),
);

const headerValue = fc.oneof(
  printable,
  fc.constantFrom(
    '',
    '1',
    '0',
    'true',
    'application/json',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/json; charset=latin1',
    'application/json; charset=utf-16',
    'application/xml',
    'gzip',
    'null',
    'x'.repeat(300),
    'https://evil.example',
    'null',
  ),
);
const headerSets = fc.record(
  {
    'content-type': headerValue,
    'content-encoding': fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'bogus'),
    'idempotency-key': headerValue,
    [CLIENT_HEADER]: headerValue,
    cookie: fc.oneof(
      headerValue,
      printable.map((v) => `prospectie_session=${v}`),
    ),
    origin: headerValue,
    accept: headerValue,
    'accept-encoding': headerValue,
  },
  { requiredKeys: [] },
);

// --- the check every answer must pass ---
function expectCleanAnswer(route: ApiRoute, res: InjectResponse, sent: string) {
  const where = `${route.name} ← ${sent.slice(0, 300)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  if (res.statusCode < 400) return;
  expect(res.headers['content-type'], where).toMatch(/^application\/json/);
  const body = res.json() as { error?: unknown; code?: unknown; message?: unknown };
  expect(typeof body.error, where).toBe('string');
  expect(typeof body.message, where).toBe('string');
  // A code of the contract, which the web turns into Dutch; the harness checks the route declares it.
  expect(ERROR_CODES, where).toContain(body.code);
  expect(body.code, where).not.toBe('internal');
  // No database detail: values, tables or constraint names.
  expect(body.message as string, where).not.toMatch(/Key \(|is not present in table|violates|constraint|duplicate key|_fk\b|_idx\b/i);
}

// `npm test` fuzzes on PGlite (100 runs per route and kind of input); `npm run test:faults` (PROSPECTIE_FAULTS=1) on PostgreSQL,
// or on PGlite again when there is no TEST_DATABASE_URL.
const postgres = dbKinds.filter((kind) => kind === 'postgres');
const fuzzKinds = process.env.PROSPECTIE_FAULTS && postgres.length ? postgres : dbKinds.filter((kind) => kind === 'pglite');

describe.each(fuzzKinds)('fuzzing every write route on %s', (kind) => {
  let ctx: TestContext;
  let f: Fixtures;
  let writes: ApiRoute[];
  let counts: () => Promise<Record<string, number>>;
  let samples: Record<string, WriteSample>;
  const seenMessages = new Set<string>();

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    f = await makeFixtures(ctx);
    writes = (await apiRoutes(ctx.app)).filter((r) => WRITE_METHODS.has(r.method));
    counts = await rowCounter(ctx);
    samples = writeSamples(f, f.sofie);
  }, 120_000);
  afterAll(async () => ctx?.close());

  it('has a valid sample request for every write route in the OpenAPI document (a new route must be added here)', () => {
    expect(writes.length).toBeGreaterThan(10);
    expect(writes.map((r) => r.name).filter((name) => !samples[name])).toEqual([]);
  });

  /** Sends one request; 4xx must leave every table as it was, a success moves the baseline. */
  let before: Record<string, number> | undefined;
  async function send(route: ApiRoute, url: string, body: Body | undefined, headers: Record<string, string>) {
    // Nothing else writes meanwhile: the counts after one request are the counts before the next.
    before ??= await counts();
    const payload = body === undefined ? undefined : body.kind === 'raw' ? body.text : JSON.stringify(body.value);
    const res = await ctx.app.inject({
      method: route.method as 'POST',
      url,
      payload,
      headers: { ...(payload !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    });
    expectCleanAnswer(route, res, `${url} ${JSON.stringify(headers).slice(0, 200)} ${payload?.slice(0, 200) ?? ''}`);
    if (res.statusCode >= 400) {
      seenMessages.add(`${res.statusCode} ${(res.json() as { code: string }).code}`);
      const after = await counts();
      expect(after, `${route.name} answered ${res.statusCode} but wrote`).toEqual(before);
    } else {
      before = undefined;
    }
    return res;
  }

  /** The administration's routes are fuzzed as its beheerder (as Sofie they would only meet the role check). */
  const signedIn = (route: ApiRoute) => (route.path.startsWith('/api/admin/') ? f.admin.cookie : f.sofie.cookie);
  /** Logout with Sofie's cookie would end the session the other runs use: it is fuzzed signed out. */
  const cookieFor = (route: ApiRoute): Record<string, string> =>
    route.name === 'POST /api/auth/logout' ? {} : { cookie: signedIn(route) };

  it(`answers ${RUNS} generated bodies per route with a success or a clean JSON 4xx, never a 5xx`, async () => {
    for (const route of writes) {
      const sample = samples[route.name];
      await fc.assert(
        fc.asyncProperty(bodies(sample.body), async (body) => {
          await send(route, fillPath(route.path, sample.path), body, { ...cookieFor(route), [CLIENT_HEADER]: '1' });
        }),
        { numRuns: RUNS, seed: 9009 },
      );
    }
  }, 600_000);

  it(`answers ${RUNS} generated path ids per route with a success or a clean JSON 4xx`, async () => {
    for (const route of writes.filter((r) => r.pathParams.length > 0)) {
      const sample = samples[route.name];
      await fc.assert(
        fc.asyncProperty(pathIds, async (id) => {
          const values = Object.fromEntries(route.pathParams.map((p) => [p, id]));
          const body = sample.body === undefined ? undefined : ({ kind: 'json', value: sample.body } as Body);
          await send(route, fillPath(route.path, values), body, { ...cookieFor(route), [CLIENT_HEADER]: '1' });
        }),
        { numRuns: RUNS, seed: 9010 },
      );
    }
  }, 600_000);

  it(`answers ${RUNS} generated header sets per route with a success or a clean JSON 4xx`, async () => {
    for (const route of writes) {
      const sample = samples[route.name];
      await fc.assert(
        fc.asyncProperty(headerSets, async (headers) => {
          const body = sample.body === undefined ? undefined : ({ kind: 'json', value: sample.body } as Body);
          // Logout with a fuzzed cookie is harmless; with Sofie's own it would sign her out.
          const base: Record<string, string> =
            route.name === 'POST /api/auth/logout' ? {} : { cookie: signedIn(route), [CLIENT_HEADER]: '1' };
          await send(route, fillPath(route.path, sample.path), body, { ...base, ...headers });
        }),
        { numRuns: RUNS, seed: 9011 },
      );
    }
  }, 600_000);

  it('saw refusals of many kinds (the generators reach the validation, not one wall)', () => {
    const statuses = new Set([...seenMessages].map((m) => m.slice(0, 3)));
    expect([...statuses].sort()).toEqual(expect.arrayContaining(['400', '401', '403', '404', '415']));
  });
});
