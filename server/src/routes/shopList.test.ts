// GET /api/shops is cached per version of the data: every change shows at once, on every instance, and an
// unchanged list costs a 304 (docs/decisions/018-shop-list-per-version.md).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestContext, dbKinds, testConfig, writeHeaders, type TestContext } from '../test/harness.js';

describe.each(dbKinds)('the shop list on %s', (kind) => {
  let ctx: TestContext;
  let other: Awaited<ReturnType<typeof buildApp>>;
  let cookie: string;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    other = await buildApp({ config: testConfig(), database: ctx.database });
    await other.ready();
    cookie = await ctx.signIn('demo@example.com');
  }, 60_000);
  afterAll(async () => {
    await other?.close();
    await ctx?.close();
  });

  const list = (app = ctx.app, headers: Record<string, string> = {}) => app.inject({ url: '/api/shops', headers: { cookie, ...headers } });
  const names = async (app = ctx.app) => (await list(app)).json().map((s: { name: string }) => s.name);

  it('answers an unchanged list with 304 and no body when the client has it (If-None-Match)', async () => {
    const first = await list();
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await list(ctx.app, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another instance has the same list, so the same validator.
    expect((await list(other, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
  });

  it('shows a shop registered on another instance at once, under a new ETag', async () => {
    const before = await list();
    await names(other); // the other instance has the list cached too
    const registered = await other.inject({
      method: 'POST',
      url: '/api/shops/register',
      headers: writeHeaders(cookie),
      payload: { name: 'Nieuwe lijstwinkel', ...(await aCity()), street: 'Lijststraat', houseNumber: 3 },
    });
    expect(registered.statusCode).toBe(201);
    expect(await names()).toContain('NIEUWE LIJSTWINKEL');
    expect(await names(other)).toContain('NIEUWE LIJSTWINKEL');
    const after = await list(ctx.app, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('follows a change to a city, which the list shows next to the shop', async () => {
    const shops = (await list()).json() as { id: number; city: string | null }[];
    const withCity = shops.find((s) => s.city)!;
    await ctx.database.db.execute(
      sql`update cities set name = 'Hernoemde Stad' where id = (select a.city_id from shops s join contacts c on c.id = s.contact_id join addresses a on a.id = c.address_id where s.id = ${withCity.id})`,
    );
    const now = (await list()).json() as { id: number; city: string | null }[];
    expect(now.find((s) => s.id === withCity.id)!.city).toBe('Hernoemde Stad');
  });

  async function aCity() {
    const countries = (await ctx.app.inject({ url: '/api/countries', headers: { cookie } })).json() as { id: number }[];
    for (const country of countries) {
      const cities = (await ctx.app.inject({ url: `/api/countries/${country.id}/cities`, headers: { cookie } })).json() as { id: number }[];
      if (cities.length) return { countryId: country.id, cityId: cities[0].id };
    }
    throw new Error('no city in the seed');
  }
});
