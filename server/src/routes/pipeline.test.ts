// The pipeline per shop and FC70 brand through the API (decision 066), on PGlite and PostgreSQL: ten visits over four
// shops sent one by one give the statuses written out below, and the replay of the same visits gives exactly those.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { brusselsToday } from '@prospectie/contract/dates';
import type { FollowUp, PipelineNow, ShopPipeline, VisitPipelineChoice } from '@prospectie/contract';
import { replayPipeline } from '../services/pipeline/replay.js';
import { adminContext, dbKinds, queryRows, writeHeaders } from '../test/harness.js';

interface Evidence {
  carried?: number[];
  interests?: number[];
  terminated?: number[];
  pipeline?: VisitPipelineChoice[];
}

describe.each(dbKinds)('the pipeline per shop and brand on %s', (kind) => {
  const ctx = adminContext(kind);
  /** The three FC70 brands left active, as A, B and C. */
  let A: number, B: number, C: number;
  const shops: Record<10 | 20 | 30 | 40, number> = { 10: 0, 20: 0, 30: 0, 40: 0 };

  const get = <T>(url: string, cookie = ctx.rep) => ctx.app.inject({ url, headers: { cookie } }).then((r) => r.json() as T);
  const send = (shopId: number, visitDate: string, e: Evidence = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/shops/${shopId}/prospections`,
      headers: writeHeaders(ctx.rep, { 'idempotency-key': randomUUID() }),
      payload: {
        visitDate,
        contactTypeId: 1,
        visitTypeId: 1,
        brands: (e.carried ?? []).map((brandId) => ({ brandId, sellout: 0 })),
        brandInterests: (e.interests ?? []).map((brandId) => ({ brandId })),
        terminatedBrandIds: e.terminated ?? [],
        pipeline: e.pipeline ?? [],
      },
    });
  const visit = async (shop: keyof typeof shops, visitDate: string, e: Evidence = {}) => {
    const res = await send(shops[shop], visitDate, e);
    expect(res.statusCode, res.body).toBe(201);
  };
  const registerShop = async (name: string) => {
    const [gent] = await queryRows<{ id: number; country_id: number }>(
      ctx.database,
      sql`select id, country_id from cities where name = 'Gent' and postal_code = '9000'`,
    );
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/shops/register',
      headers: writeHeaders(ctx.rep),
      payload: { name, countryId: gent.country_id, cityId: gent.id },
    });
    return (made.json() as { id: number }).id;
  };
  /** Each shop's statuses as brand letter → 'status since (set by a rep)'. */
  const statuses = async () => {
    const letter = (id: number) => ({ [A]: 'A', [B]: 'B', [C]: 'C' })[id];
    const out: Record<string, Record<string, string>> = {};
    for (const [name, id] of Object.entries(shops)) {
      const { statuses: now } = await get<ShopPipeline>(`/api/shops/${id}/pipeline`);
      out[name] = Object.fromEntries(
        now.map((s) => [letter(s.brandId), `${s.status} ${s.since}${s.explicit ? ' rep' : ''}${s.reason ? ` ${s.reason}` : ''}`]),
      );
    }
    return out;
  };

  beforeAll(async () => {
    const brands = await queryRows<{ id: number }>(ctx.database, sql`select id from brands where active order by id`);
    [A, B, C] = brands.map((b) => b.id);
    await ctx.database.db.execute(sql`update brands set active = false where id not in (${A}, ${B}, ${C})`);
    // Named as the test calls them: the history lists one visit's brands by name.
    await ctx.database.db.execute(
      sql`update brands set name = 'Merk ' || case id when ${A} then 'A' when ${B} then 'B' else 'C' end where id in (${A}, ${B}, ${C})`,
    );
    for (const key of Object.keys(shops)) shops[Number(key) as keyof typeof shops] = await registerShop(`Pijplijnwinkel ${key}`);
  });

  it('gives every shop the statuses written out from ten visits sent one by one, and the replay gives the same', async () => {
    // Seen, then interested in B, then a customer of B.
    await visit(10, '2026-01-10');
    await visit(10, '2026-02-10', { interests: [B] });
    await visit(10, '2026-04-01', { carried: [B] });
    // Interested in A, then the rep says not interested (too dear): a later visit without an interest leaves that.
    await visit(20, '2026-01-05', { interests: [A] });
    await visit(20, '2026-01-20', { pipeline: [{ brandId: A, status: 'not_interested', reason: 'price' }] });
    await visit(20, '2026-03-01');
    // A customer of A and C, stops C (picked as terminated), then shows an interest in C again.
    await visit(30, '2026-02-01', { carried: [A, C] });
    await visit(30, '2026-05-01', { terminated: [C] });
    await visit(30, '2026-06-01', { interests: [C] });
    // In talks for B (the rep's word); carrying it makes a customer even when also picked as terminated that day.
    await visit(40, '2026-01-15', { pipeline: [{ brandId: B, status: 'negotiating' }] });
    await visit(40, '2026-02-01', { interests: [B] });
    await visit(40, '2026-03-01', { carried: [B], terminated: [B] });

    const expected = {
      10: { A: 'visited 2026-01-10', B: 'customer 2026-04-01', C: 'visited 2026-01-10' },
      20: { A: 'not_interested 2026-01-20 rep price', B: 'visited 2026-01-05', C: 'visited 2026-01-05' },
      30: { A: 'customer 2026-02-01', B: 'visited 2026-02-01', C: 'interested 2026-06-01' },
      40: { A: 'visited 2026-01-15', B: 'customer 2026-03-01', C: 'visited 2026-01-15' },
    };
    expect(await statuses()).toEqual(expected);
    const historyBefore = await get<ShopPipeline>(`/api/shops/${shops[30]}/pipeline`);

    await replayPipeline(ctx.database.db);
    expect(await statuses()).toEqual(expected);
    // The history of shop 30, newest first: who, from → to, from which visit.
    const { history } = await get<ShopPipeline>(`/api/shops/${shops[30]}/pipeline`);
    const name = (id: number) => ({ [A]: 'A', [B]: 'B', [C]: 'C' })[id];
    expect(history.map((h) => `${h.on} ${name(h.brandId)} ${h.from ?? 'prospect'} → ${h.to} (${h.source})`)).toEqual([
      '2026-06-01 C stopped → interested (visit)',
      '2026-05-01 C customer → stopped (visit)',
      '2026-02-01 A prospect → customer (visit)',
      '2026-02-01 B prospect → visited (visit)',
      '2026-02-01 C prospect → customer (visit)',
    ]);
    const { employee } = await get<{ employee: { firstName: string; name: string } }>('/api/me');
    expect(new Set(history.map((h) => h.employeeName))).toEqual(new Set([`${employee.firstName} ${employee.name}`]));
    expect(history.map((h) => h.prospectionId)).toEqual(historyBefore.history.map((h) => h.prospectionId));
  });

  it('lets a rep set a status on the shop page, with the reason a "no" needs, and keeps it over a later visit', async () => {
    const url = `/api/shops/${shops[10]}/pipeline/${C}`;
    const put = (payload: object) =>
      ctx.app.inject({ method: 'PUT', url, headers: writeHeaders(ctx.rep, { 'idempotency-key': randomUUID() }), payload });
    const refused = await put({ status: 'not_interested' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'validation_failed', rule: 'not_interested_reason_missing' });

    const set = await put({ status: 'not_interested', reason: 'assortment', reasonText: 'Te sportief' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      brandId: C,
      status: 'not_interested',
      since: brusselsToday(),
      explicit: true,
      reason: 'assortment',
    });
    // A visit dated before today, sent later from a device's outbox, with no interest: the rep's word stays.
    await visit(10, '2026-11-01');
    const { statuses: now, history } = await get<ShopPipeline>(`/api/shops/${shops[10]}/pipeline`);
    expect(now.find((s) => s.brandId === C)).toMatchObject({ status: 'not_interested', reasonText: 'Te sportief' });
    expect(history[0]).toMatchObject({ brandId: C, from: 'visited', to: 'not_interested', source: 'rep', reason: 'assortment' });
  });

  it("shows a next step planned for today under the rep's Opvolgen, and not once the shop became a customer", async () => {
    const today = brusselsToday();
    await visit(20, today, { interests: [B], pipeline: [{ brandId: B, nextStep: 'Offerte sturen', nextStepDate: today }] });
    const due = await get<FollowUp[]>('/api/pipeline/follow-ups');
    expect(due.filter((f) => f.shopId === shops[20])).toEqual([
      {
        shopId: shops[20],
        shopName: 'PIJPLIJNWINKEL 20',
        cityName: 'Gent',
        brandId: B,
        brandName: 'Merk B',
        status: 'interested',
        nextStep: 'Offerte sturen',
        nextStepDate: today,
        window: null,
      },
    ]);
    // A colleague sees her own, not this one.
    expect(
      (await get<FollowUp[]>('/api/pipeline/follow-ups', await ctx.signIn('collega@example.com'))).some((f) => f.shopId === shops[20]),
    ).toBe(false);
    await visit(20, today, { carried: [B] });
    expect((await get<FollowUp[]>('/api/pipeline/follow-ups')).some((f) => f.shopId === shops[20])).toBe(false);
  });

  it("works a shop's statuses out again when a visit's brands are changed afterwards", async () => {
    const [newest] = await get<{ id: number }[]>(`/api/shops/${shops[30]}/prospections`);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/prospections/${newest.id}/brands`,
      headers: writeHeaders(ctx.rep),
      payload: { ProspectionBrands: [{ brandId: B, sellout: 5 }] },
    });
    expect(res.statusCode, res.body).toBe(204);
    expect((await statuses())[30]).toEqual({ A: 'customer 2026-02-01', B: 'customer 2026-06-01', C: 'interested 2026-06-01' });
  });

  it('answers per role: everyone signed in reads and sets; signed out nothing; an unknown shop or brand 404', async () => {
    const url = `/api/shops/${shops[40]}/pipeline`;
    const answers: Record<string, number[]> = {};
    for (const [role, cookie] of [
      ['medewerker', ctx.rep],
      ['manager', ctx.manager],
      ['beheerder', ctx.admin],
      ['signed out', ''],
    ] as const) {
      const read = await ctx.app.inject({ url, headers: cookie ? { cookie } : {} });
      const write = await ctx.app.inject({
        method: 'PUT',
        url: `${url}/${A}`,
        headers: { ...writeHeaders(cookie), 'idempotency-key': randomUUID() },
        payload: { status: 'interested' },
      });
      answers[role] = [read.statusCode, write.statusCode];
    }
    expect(answers).toEqual({ medewerker: [200, 200], manager: [200, 200], beheerder: [200, 200], 'signed out': [401, 401] });
    const missingShop = await ctx.app.inject({
      method: 'PUT',
      url: `/api/shops/999999/pipeline/${A}`,
      headers: writeHeaders(ctx.rep, { 'idempotency-key': randomUUID() }),
      payload: { status: 'interested' },
    });
    expect([missingShop.statusCode, missingShop.json().code]).toEqual([404, 'shop_not_found']);
    const missingBrand = await ctx.app.inject({
      method: 'PUT',
      url: `${url}/999999`,
      headers: writeHeaders(ctx.rep, { 'idempotency-key': randomUUID() }),
      payload: { status: 'interested' },
    });
    expect([missingBrand.statusCode, missingBrand.json().code]).toEqual([404, 'brand_not_found']);
    expect((await get<PipelineNow[]>(`/api/shops/999999/pipeline`)) as unknown).toMatchObject({ code: 'shop_not_found' });
  });

  it("saves an outbox's visit whole that stops a deactivated brand or sets its status, new to the shop, and gives that brand no status", async () => {
    const [off, merged] = (
      await queryRows<{ id: number }>(ctx.database, sql`select id from brands where not active order by id limit 2`)
    ).map((b) => b.id);
    await ctx.database.db.execute(sql`update brands set merged_into_id = ${A} where id = ${merged}`);
    const shop = await registerShop('Pijplijnwinkel 50');
    for (const e of [{ terminated: [off] }, { interests: [A], pipeline: [{ brandId: off, status: 'interested' as const }] }]) {
      const saved = await send(shop, '2026-05-01', e);
      expect(saved.statusCode, saved.body).toBe(201);
    }
    const [{ stopped }] = await queryRows<{ stopped: number }>(
      ctx.database,
      sql`select count(*)::int as stopped from prospection_terminated_brands t join prospections p on p.id = t.prospection_id
          where p.shop_id = ${shop} and t.brand_id = ${off}`,
    );
    expect(stopped).toBe(1);
    const { statuses: first } = await get<ShopPipeline>(`/api/shops/${shop}/pipeline`);
    expect(first.map((s) => s.brandId)).not.toContain(off);

    // A brand merged since counts as the one it went into, as the visit's brands do.
    const late = await send(shop, '2026-06-01', { pipeline: [{ brandId: merged, status: 'negotiating' }] });
    expect(late.statusCode, late.body).toBe(201);
    const { statuses: now } = await get<ShopPipeline>(`/api/shops/${shop}/pipeline`);
    expect(now.map((s) => [s.brandId, s.status, s.explicit])).toEqual([
      [A, 'negotiating', true],
      [B, 'visited', false],
      [C, 'visited', false],
    ]);
  });
});
