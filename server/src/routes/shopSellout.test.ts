// A shop's sell-out per FC70 brand across its visits (the shop page's chart; decision 033), on PGlite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ShopSellout } from '@prospectie/contract';
import { adminContext, dbKinds, queryRows, writeHeaders } from '../test/harness.js';

describe.each(dbKinds)('a shop page sell-out per brand on %s', (kind) => {
  const ctx = adminContext(kind);
  let shopId: number;
  let brands: { id: number; name: string }[];

  const get = (cookie: string, url: string) => ctx.app.inject({ url, headers: { cookie } });
  const visit = (cookie: string, visitDate: string, sellouts: { brandId: number; sellout?: number }[]) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/shops/${shopId}/prospections`,
      headers: writeHeaders(cookie, { 'idempotency-key': randomUUID() }),
      payload: { visitDate, contactTypeId: 1, visitTypeId: 1, brands: sellouts },
    });

  beforeAll(async () => {
    const [gent] = await queryRows<{ id: number; country_id: number }>(
      ctx.database,
      sql`select id, country_id from cities where name = 'Gent' and postal_code = '9000'`,
    );
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/shops/register',
      headers: writeHeaders(ctx.rep),
      payload: { name: 'Selloutwinkel', countryId: gent.country_id, cityId: gent.id },
    });
    shopId = (made.json() as { id: number }).id;
    brands = ((await get(ctx.rep, '/api/brands')).json() as { id: number; name: string }[]).slice(0, 2);
  });

  it('a shop without visits, or whose visits name no sell-out, answers an empty list', async () => {
    expect((await get(ctx.rep, `/api/shops/${shopId}/sellout`)).json()).toEqual([]);
    expect((await visit(ctx.rep, '2026-03-01', [{ brandId: brands[0].id }])).statusCode).toBe(201);
    expect((await get(ctx.rep, `/api/shops/${shopId}/sellout`)).json()).toEqual([]);
  });

  it('every rep reads each brand’s sell-out per visit, oldest visit first, whoever made the visits', async () => {
    const [a, b] = brands;
    expect((await visit(ctx.rep, '2026-09-10', [{ brandId: a.id, sellout: 42.5 }, { brandId: b.id }])).statusCode).toBe(201);
    expect(
      (
        await visit(await ctx.signIn('collega@example.com'), '2026-05-02', [
          { brandId: a.id, sellout: 30 },
          { brandId: b.id, sellout: 12.5 },
        ])
      ).statusCode,
    ).toBe(201);

    const res = await get(ctx.rep, `/api/shops/${shopId}/sellout`);
    expect(res.statusCode).toBe(200);
    const rows = (res.json() as ShopSellout[]).map(({ visitDate, brandId, brandName, sellout }) => ({
      visitDate,
      brandId,
      brandName,
      sellout,
    }));
    const byName = [a, b].sort((x, y) => x.name.localeCompare(y.name));
    const may = byName.map((brand) => ({
      visitDate: '2026-05-02',
      brandId: brand.id,
      brandName: brand.name,
      sellout: brand.id === a.id ? 30 : 12.5,
    }));
    expect(rows).toEqual([...may, { visitDate: '2026-09-10', brandId: a.id, brandName: a.name, sellout: 42.5 }]);
    // The manager reads the same figures.
    expect((await get(ctx.manager, `/api/shops/${shopId}/sellout`)).json()).toEqual(res.json());
  });

  it('an unknown shop is shop_not_found, a malformed id a validation error, and without a session 401', async () => {
    const missing = await get(ctx.rep, '/api/shops/2147483000/sellout');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'shop_not_found' });
    expect((await get(ctx.rep, '/api/shops/abc/sellout')).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: `/api/shops/${shopId}/sellout` })).statusCode).toBe(401);
  });
});
