// Seasons and the funnel (decision 068) through the API, on PGlite and PostgreSQL: a season with a brand's own window,
// visits of two reps over three shops, and the funnel's figures written out; a visit sent in the test moves them.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DueShops, FollowUp, OverviewFunnel, Season, ShopPipeline, VisitPipelineChoice } from '@prospectie/contract';
import { brusselsToday } from '@prospectie/contract/dates';
import { adminContext, dbKinds, queryRows, writeHeaders } from '../test/harness.js';

describe.each(dbKinds)('seasons and the funnel on %s', (kind) => {
  const ctx = adminContext(kind);
  let A: number, B: number;
  let colleague: string;
  const shops: number[] = [];
  let season: Season;

  const visit = async (
    cookie: string,
    shop: number,
    visitDate: string,
    e: { carried?: number[]; interests?: number[]; pipeline?: VisitPipelineChoice[] },
  ) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/shops/${shop}/prospections`,
      headers: writeHeaders(cookie, { 'idempotency-key': randomUUID() }),
      payload: {
        visitDate,
        contactTypeId: 1,
        visitTypeId: 1,
        brands: (e.carried ?? []).map((brandId) => ({ brandId, sellout: 10 })),
        brandInterests: (e.interests ?? []).map((brandId) => ({ brandId })),
        pipeline: e.pipeline ?? [],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const funnel = async (query: string, cookie = ctx.manager, scope = 'overview') => {
    const res = await ctx.app.inject({ url: `/api/${scope}/funnel?${query}`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as OverviewFunnel;
  };
  const stages = (n: Partial<OverviewFunnel['total']['entered']>) => ({
    visited: 0,
    interested: 0,
    negotiating: 0,
    customer: 0,
    not_interested: 0,
    stopped: 0,
    ...n,
  });

  beforeAll(async () => {
    [A, B] = (await queryRows<{ id: number }>(ctx.database, sql`select id from brands where active order by id limit 2`)).map((b) => b.id);
    await ctx.database.db.execute(sql`update brands set active = false where id not in (${A}, ${B})`);
    await ctx.database.db.execute(sql`update brands set name = case id when ${A} then 'Merk A' else 'Merk B' end where id in (${A}, ${B})`);
    colleague = await ctx.signIn('collega@example.com');
    const [gent] = await queryRows<{ id: number; country_id: number }>(
      ctx.database,
      sql`select id, country_id from cities where name = 'Gent' and postal_code = '9000'`,
    );
    for (const name of ['Trechter 1', 'Trechter 2', 'Trechter 3']) {
      const made = await ctx.app.inject({
        method: 'POST',
        url: '/api/shops/register',
        headers: writeHeaders(ctx.rep),
        payload: { name, countryId: gent.country_id, cityId: gent.id },
      });
      shops.push((made.json() as { id: number }).id);
    }
  });

  it('lets only a beheerder keep seasons; everyone reads them', async () => {
    const body = {
      name: 'SS26',
      startsOn: '2026-01-01',
      endsOn: '2026-03-31',
      brandWindows: [{ brandId: B, startsOn: '2026-02-01', endsOn: '2026-04-30' }],
    };
    const answers: Record<string, number[]> = {};
    for (const [role, cookie] of [
      ['medewerker', ctx.rep],
      ['manager', ctx.manager],
      ['signed out', ''],
    ] as const) {
      const post = await ctx.app.inject({ method: 'POST', url: '/api/admin/seasons', headers: writeHeaders(cookie), payload: body });
      const list = await ctx.app.inject({ url: '/api/seasons', headers: cookie ? { cookie } : {} });
      answers[role] = [post.statusCode, list.statusCode];
    }
    const made = await ctx.app.inject({ method: 'POST', url: '/api/admin/seasons', headers: writeHeaders(ctx.admin), payload: body });
    answers.beheerder = [made.statusCode];
    expect(answers).toEqual({ medewerker: [403, 200], manager: [403, 200], 'signed out': [401, 401], beheerder: [201] });
    season = made.json() as Season;
    expect(season).toMatchObject({ name: 'SS26', startsOn: '2026-01-01', endsOn: '2026-03-31' });
    expect(season.brandWindows).toEqual([{ brandId: B, brandName: 'Merk B', startsOn: '2026-02-01', endsOn: '2026-04-30' }]);
    const again = await ctx.app.inject({ method: 'POST', url: '/api/admin/seasons', headers: writeHeaders(ctx.admin), payload: body });
    expect([again.statusCode, again.json().code]).toEqual([409, 'season_name_taken']);
    const reversed = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/seasons',
      headers: writeHeaders(ctx.admin),
      payload: { ...body, name: 'FW26', startsOn: '2026-09-01', endsOn: '2026-08-01' },
    });
    expect(reversed.json()).toMatchObject({ code: 'validation_failed', rule: 'period_reversed' });
    const rep = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/seasons/${season.id}`, headers: writeHeaders(ctx.rep) });
    expect(rep.statusCode).toBe(403);
  });

  it('counts the shops entering each stage per brand and per rep, each brand in its window of the season', async () => {
    const [s1, s2, s3] = shops;
    await visit(ctx.rep, s1, '2026-01-10', { interests: [A] });
    await visit(ctx.rep, s1, '2026-02-15', { carried: [A] });
    await visit(colleague, s2, '2026-01-20', { interests: [A, B] });
    await visit(ctx.rep, s2, '2026-03-10', { pipeline: [{ brandId: A, status: 'not_interested', reason: 'price' }] });
    await visit(ctx.rep, s3, '2026-04-15', { carried: [B] });
    const me = (await (await ctx.app.inject({ url: '/api/me', headers: { cookie: ctx.rep } })).json()) as {
      employee: { id: number; firstName: string };
    };
    const other = (await (await ctx.app.inject({ url: '/api/me', headers: { cookie: colleague } })).json()) as { employee: { id: number } };

    const f = await funnel(`from=2026-01-01&to=2026-04-30&seasonId=${season.id}`);
    expect(f.total).toEqual({
      entered: stages({ interested: 2, customer: 2, not_interested: 1 }),
      conversion: 0.5,
      medianDaysToCustomer: 18,
    });
    expect(f.brands).toEqual([
      {
        brandId: A,
        brandName: 'Merk A',
        entered: stages({ interested: 2, customer: 1, not_interested: 1 }),
        conversion: 0.5,
        medianDaysToCustomer: 36,
      },
      { brandId: B, brandName: 'Merk B', entered: stages({ customer: 1 }), conversion: null, medianDaysToCustomer: 0 },
    ]);
    const byRep = Object.fromEntries(
      f.reps.map((r) => [r.employeeId, { entered: r.entered, conversion: r.conversion, median: r.medianDaysToCustomer }]),
    );
    expect(byRep).toEqual({
      [me.employee.id]: { entered: stages({ interested: 1, customer: 2, not_interested: 1 }), conversion: 1, median: 18 },
      [other.employee.id]: { entered: stages({ interested: 1 }), conversion: 0, median: null },
    });
    expect(f.reasons).toEqual([{ reason: 'price', shops: 1 }]);
    // A customer's season: the one whose window for the brand holds the day it became one.
    const seasonOf = async (shop: number, brand: number) =>
      (
        (await (await ctx.app.inject({ url: `/api/shops/${shop}/pipeline`, headers: { cookie: ctx.rep } })).json()) as ShopPipeline
      ).statuses.find((st) => st.brandId === brand)?.season;
    expect([await seasonOf(s1, A), await seasonOf(s3, B), await seasonOf(s1, B)]).toEqual(['SS26', 'SS26', null]);

    // A period instead: every change in it, each brand alike.
    const year = await funnel('from=2026-01-01&to=2026-12-31');
    expect(year.total.entered).toEqual(stages({ visited: 2, interested: 2, customer: 2, not_interested: 1 }));

    // Mijn overzicht: her own changes only, whatever rep is asked for.
    const own = await funnel(`from=2026-01-01&to=2026-04-30&seasonId=${season.id}&employeeId=${other.employee.id}`, ctx.rep, 'my/overview');
    expect(own.total.entered).toEqual(stages({ interested: 1, customer: 2, not_interested: 1 }));
    expect(
      (await ctx.app.inject({ url: `/api/overview/funnel?from=2026-01-01&to=2026-04-30`, headers: { cookie: ctx.rep } })).statusCode,
    ).toBe(403);
  });

  it('moves at once with a visit sent now', async () => {
    await visit(ctx.rep, shops[1], '2026-03-20', { carried: [A] });
    const f = await funnel(`from=2026-01-01&to=2026-04-30&seasonId=${season.id}`);
    expect(f.brands.find((b) => b.brandId === A)).toMatchObject({
      entered: stages({ interested: 2, customer: 2, not_interested: 1 }),
      conversion: 1,
    });
    expect(f.total.entered.customer).toBe(3);
    const unknown = await ctx.app.inject({
      url: `/api/overview/funnel?from=2026-01-01&to=2026-04-30&seasonId=999999`,
      headers: { cookie: ctx.manager },
    });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'season_not_found']);
  });

  it('puts first in Te bezoeken and Opvolgen the shops interested in a brand whose window closes soonest, with the days left', async () => {
    const today = brusselsToday();
    const shift = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/seasons',
      headers: writeHeaders(ctx.admin),
      payload: { name: 'NU', startsOn: shift(-10), endsOn: shift(12) },
    });
    expect(made.statusCode).toBe(201);
    // Visited today, so not overdue: its open window brings it in, first.
    await visit(ctx.rep, shops[2], today, { interests: [A], pipeline: [{ brandId: A, nextStep: 'Stalen tonen', nextStepDate: today }] });
    const due = (await (await ctx.app.inject({ url: '/api/me/due-shops', headers: { cookie: ctx.rep } })).json()) as DueShops;
    // Shop 2 is still interested in B, shop 3 now in A: both first (the same window; the longest not visited first).
    expect(due.shops.slice(0, 2)).toMatchObject([
      { shopId: shops[1], window: { season: 'NU', endsOn: shift(12), daysLeft: 12 } },
      { shopId: shops[2], daysSince: 0, window: { season: 'NU', endsOn: shift(12), daysLeft: 12 } },
    ]);
    expect(due.shops.filter((s) => s.window !== null)).toHaveLength(2);
    const followUps = (await (
      await ctx.app.inject({ url: '/api/pipeline/follow-ups', headers: { cookie: ctx.rep } })
    ).json()) as FollowUp[];
    expect(followUps[0]).toMatchObject({ shopId: shops[2], brandId: A, nextStep: 'Stalen tonen', window: { season: 'NU', daysLeft: 12 } });
  });
});
