// The API document generated from the endpoints' declarations (contract/src/endpoints) describes the API as last
// reviewed (baseline.json, first written route by route before the declarations, decision 046): the same operations,
// statuses and schemas. A change to the API writes the new baseline in the same commit (`API_BASELINE=write` with this
// test), so what changed for a client shows in the review.
import { readFileSync, writeFileSync } from 'node:fs';
import * as addresses from '@prospectie/contract/endpoints/addresses';
import * as declared from '@prospectie/contract/endpoints';
import { API_ROOT } from '@prospectie/contract/endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dbKinds, type TestContext } from '../test/harness.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Order aside: keys sorted, and lists whose order carries no meaning (required fields, enums, tags, parameters) sorted. */
function normalised(value: Json, key = ''): Json {
  if (Array.isArray(value)) {
    const items = value.map((item) => normalised(item));
    const unordered = ['required', 'enum', 'tags', 'parameters', 'anyOf', 'oneOf', 'security'].includes(key);
    return unordered ? items.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))) : items;
  }
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, normalised(value[k], k)]),
    );
  return value;
}

/** Operations whose document gained a part their route never declared before, each named with what it gained. */
const ADDED: Record<string, string> = {};

describe.each(dbKinds)('the API document on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { seed: false });
  });
  afterAll(() => ctx.close());

  it('documents exactly the declared endpoints: no route is registered past a declaration', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, object> };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const declarations = Object.values(declared as Record<string, unknown>).filter(
      (d): d is { method: string; path: string } => typeof d === 'object' && d !== null && 'path' in d && 'method' in d,
    );
    const inDocument = (d: { method: string; path: string }) => `${d.method} ${API_ROOT}${d.path.replace(/:(\w+)/g, '{$1}')}`;
    expect(documented.sort()).toEqual(declarations.map(inDocument).sort());
  });

  it('lists the same operations, statuses and schemas as the baseline', async () => {
    const now = normalised((await ctx.app.inject({ url: '/api/docs/json' })).json() as Json) as { paths: Record<string, Json> };
    if (process.env.API_BASELINE === 'write')
      writeFileSync(new URL('./baseline.json', import.meta.url), `${JSON.stringify(now, null, 1)}\n`);
    const before = normalised(JSON.parse(readFileSync(new URL('./baseline.json', import.meta.url), 'utf8')) as Json) as {
      paths: Record<string, Record<string, Json>>;
    };
    const operations = (doc: { paths: Record<string, Json> }) =>
      Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops as object).map((method) => `${method.toUpperCase()} ${path}`));
    expect(operations(now).sort()).toEqual(operations(before).sort());
    for (const name of operations(before)) {
      const [method, path] = name.split(' ');
      const was = before.paths[path][method.toLowerCase()];
      const is = (now.paths[path] as Record<string, Json>)[method.toLowerCase()];
      if (name in ADDED) continue;
      expect({ name, operation: is }).toEqual({ name, operation: was });
    }
    expect({ ...now, paths: {} }).toEqual({ ...before, paths: {} });
  });
});

describe('the declarations', () => {
  it('say each endpoint once: every address has one declaration, and no two share a method and path', () => {
    const declarations = Object.values(declared as Record<string, unknown>).filter(
      (d): d is { method: string; path: string } => typeof d === 'object' && d !== null && 'path' in d,
    );
    const said = declarations.map((d) => `${d.method} ${d.path}`);
    expect(new Set(said).size).toBe(said.length);
    expect(
      Object.values(addresses)
        .map((a) => `${a.method} ${a.path}`)
        .sort(),
    ).toEqual([...said].sort());
  });
});
