// The overview (decision 033): who may read which figures, and the figures themselves against counts this test makes
// from the database's rows with its own simple queries and plain JavaScript, not with the service's SQL.
import { describe, expect, it, beforeAll } from 'vitest';
import { sql } from 'drizzle-orm';
import { brusselsToday } from '@prospectie/contract';
import { adminContext, dbKinds, queryRows, writeHeaders } from '../test/harness.js';

const PERIOD = { from: '2026-06-01', to: '2026-11-30' };
const qs = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined) as [string, string][]).toString();

/** The Monday of a date's ISO week and the week's label, worked out by hand. */
function isoWeekOf(date: string): { weekStart: string; isoWeek: string } {
  const d = new Date(`${date}T00:00:00Z`);
  const weekday = (d.getUTCDay() + 6) % 7; // Monday 0
  const monday = new Date(d.getTime() - weekday * 86_400_000);
  const thursday = new Date(monday.getTime() + 3 * 86_400_000);
  const year = thursday.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4));
  const firstMonday = new Date(firstThursday.getTime() - ((firstThursday.getUTCDay() + 6) % 7) * 86_400_000);
  const week = Math.round((monday.getTime() - firstMonday.getTime()) / (7 * 86_400_000)) + 1;
  return { weekStart: monday.toISOString().slice(0, 10), isoWeek: `${year}-W${String(week).padStart(2, '0')}` };
}
const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const countBy = <T>(items: T[], key: (item: T) => string) => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
};

type Visit = { id: number; shop_id: number; employee_id: number; visit_date: string; visit_type_id: number; city_id: number | null };

describe.each(dbKinds)('overview on %s', (kind) => {
  const ctx = adminContext(kind);
  let repEmployeeId: number;
  let visits: Visit[];

  const get = (cookie: string | undefined, url: string) => ctx.app.inject({ url, headers: cookie ? { cookie } : {} });

  beforeAll(async () => {
    repEmployeeId = (await get(ctx.rep, '/api/me')).json().employee.id;
    // A visit of today with every part the brand insight reads, as the wizard sends it.
    const shopId = (await get(ctx.rep, '/api/shops')).json()[0].id;
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/shops/${shopId}/prospections`,
      headers: writeHeaders(ctx.rep, { 'idempotency-key': `overview-${kind}` }),
      payload: {
        visitDate: brusselsToday(),
        contactTypeId: 1,
        visitTypeId: 2,
        terminatedBrands: 'Stopmerk',
        brands: [{ brandId: 1, sellout: 42.5 }],
        competitorBrandIds: [1],
        brandInterests: [{ brandId: 2, remark: 'Overzichtstest' }],
      },
    });
    expect(sent.statusCode).toBe(201);
    visits = await queryRows<Visit>(
      ctx.database,
      sql`select p.id, p.shop_id, p.employee_id, to_char(p.visit_date, 'YYYY-MM-DD') as visit_date, p.visit_type_id, a.city_id
        from prospections p join shops s on s.id = p.shop_id left join contacts c on c.id = s.contact_id
        left join addresses a on a.id = c.address_id`,
    );
  }, 120_000);

  const inPeriod = (v: Visit, period = PERIOD) => v.visit_date >= period.from && v.visit_date <= period.to;

  describe('who may', () => {
    // Each new route, with the answer each role gets; written here, not read from the routes' declarations.
    const FIGURES = ['visits', 'coverage', 'todos', 'brands'];
    const period = `?${qs(PERIOD)}`;

    it('answers 401 to anyone signed out, on the team and the own routes', async () => {
      for (const figure of FIGURES) {
        for (const url of [`/api/overview/${figure}${period}`, `/api/my/overview/${figure}${period}`]) {
          const res = await get(undefined, url);
          expect(res.statusCode, url).toBe(401);
          expect(res.json().code).toBe('not_signed_in');
        }
      }
    });

    it('answers 403 to a rep on every team route, whatever she asks, and 200 to a manager and a beheerder', async () => {
      for (const figure of FIGURES) {
        for (const query of [period, `?${qs({ ...PERIOD, employeeId: repEmployeeId })}`, '', '?from=x']) {
          const res = await get(ctx.rep, `/api/overview/${figure}${query}`);
          expect(res.statusCode, `${figure}${query}`).toBe(403);
          expect(res.json().code).toBe('role_required');
        }
        expect((await get(ctx.manager, `/api/overview/${figure}${period}`)).statusCode, figure).toBe(200);
        expect((await get(ctx.admin, `/api/overview/${figure}${period}`)).statusCode, figure).toBe(200);
      }
    });

    it('answers every rep her own figures on Mijn overzicht, an employeeId sent along changing nothing', async () => {
      for (const figure of FIGURES) {
        const own = await get(ctx.rep, `/api/my/overview/${figure}${period}`);
        expect(own.statusCode, figure).toBe(200);
        const other = await get(ctx.rep, `/api/my/overview/${figure}?${qs({ ...PERIOD, employeeId: repEmployeeId + 1 })}`);
        expect(other.json(), figure).toEqual(own.json());
        const team = await get(ctx.manager, `/api/overview/${figure}?${qs({ ...PERIOD, employeeId: repEmployeeId })}`);
        expect(own.json(), figure).toEqual(team.json());
      }
      const mine = (await get(ctx.rep, `/api/my/overview/visits${period}`)).json();
      expect(mine.perRepWeek.length).toBeGreaterThan(0);
      expect(new Set(mine.perRepWeek.map((r: { employeeId: number }) => r.employeeId))).toEqual(new Set([repEmployeeId]));
    });

    it('refuses bad parameters with 400 validation_failed, never a 5xx', async () => {
      const bad: [string, string | undefined][] = [
        ['', undefined],
        ['?from=2026-01-01', undefined],
        ['?from=1-1-2026&to=2026-02-01', 'date_format'],
        ['?from=2026-02-30&to=2026-03-01', 'date_format'],
        ['?from=0000-01-01&to=2026-03-01', 'date_format'],
        ['?from=2026-03-01&to=2026-02-01', 'period_reversed'],
        [`?${qs({ ...PERIOD, employeeId: 'abc' })}`, undefined],
        [`?${qs({ ...PERIOD, cityId: -1 })}`, undefined],
        [`?${qs({ ...PERIOD, postalCode: "90%'" })}`, undefined],
        [`?${qs({ ...PERIOD, brandId: 99999999999 })}`, undefined],
      ];
      for (const [query, rule] of bad) {
        // Mijn overzicht takes no employeeId at all (one sent is ignored), so that one is the team route's alone.
        const urls = [`/api/overview/visits${query}`, ...(query.includes('employeeId') ? [] : [`/api/my/overview/brands${query}`])];
        for (const url of urls) {
          const res = await get(url.startsWith('/api/my') ? ctx.rep : ctx.manager, url);
          expect(res.statusCode, url).toBe(400);
          expect(res.json().code, url).toBe('validation_failed');
          if (rule) expect(res.json().rule, url).toBe(rule);
        }
      }
      const page = await get(ctx.manager, `/api/overview/coverage?${qs({ ...PERIOD, limit: 0 })}`);
      expect(page.statusCode).toBe(400);
    });
  });

  describe('figures', () => {
    it('counts the visits per rep per ISO week and per visit type as the rows do', async () => {
      const body = (await get(ctx.manager, `/api/overview/visits?${qs(PERIOD)}`)).json();
      const mine = visits.filter((v) => inPeriod(v));
      expect(body.total).toBe(mine.length);
      const weeks = countBy(mine, (v) => `${v.employee_id}|${isoWeekOf(v.visit_date).isoWeek}|${isoWeekOf(v.visit_date).weekStart}`);
      expect(
        new Map(
          body.perRepWeek.map((r: { employeeId: number; isoWeek: string; weekStart: string; visits: number }) => [
            `${r.employeeId}|${r.isoWeek}|${r.weekStart}`,
            r.visits,
          ]),
        ),
      ).toEqual(weeks);
      const types = countBy(mine, (v) => String(v.visit_type_id));
      expect(new Map(body.visitTypes.map((t: { visitTypeId: number; visits: number }) => [String(t.visitTypeId), t.visits]))).toEqual(
        types,
      );
    });

    it('narrows the visits to a city and a brand', async () => {
      const cityId = visits.find((v) => v.city_id !== null && inPeriod(v))!.city_id!;
      const inCity = (await get(ctx.manager, `/api/overview/visits?${qs({ ...PERIOD, cityId })}`)).json();
      expect(inCity.total).toBe(visits.filter((v) => inPeriod(v) && v.city_id === cityId).length);
      const withBrand = await queryRows<{ prospection_id: number }>(
        ctx.database,
        sql`select prospection_id from prospection_brands where brand_id = 1
          union select prospection_id from prospection_brand_interests where brand_id = 1`,
      );
      const ids = new Set(withBrand.map((r) => r.prospection_id));
      const byBrand = (await get(ctx.manager, `/api/overview/visits?${qs({ ...PERIOD, brandId: 1 })}`)).json();
      expect(byBrand.total).toBe(visits.filter((v) => inPeriod(v) && ids.has(v.id)).length);
    });

    it('counts the new shops of the period', async () => {
      const shops = await queryRows<{ created: string }>(
        ctx.database,
        sql`select to_char(date_created at time zone 'Europe/Brussels', 'YYYY-MM-DD') as created from shops`,
      );
      const body = (await get(ctx.manager, `/api/overview/visits?${qs(PERIOD)}`)).json();
      expect(body.newShops).toBe(shops.filter((s) => s.created >= PERIOD.from && s.created <= PERIOD.to).length);
    });

    it('gives the share of the active reps’ shops visited in the last 90 days, and the rest most overdue first', async () => {
      const today = brusselsToday();
      const active = new Set(
        (
          await queryRows<{ id: number }>(ctx.database, sql`select e.id from employees e join users u on u.id = e.user_id where u.active`)
        ).map((r) => r.id),
      );
      const assigned = await queryRows<{ id: number; assigned_employee_id: number | null }>(
        ctx.database,
        sql`select id, assigned_employee_id from shops`,
      );
      // Two years back as PostgreSQL counts them (interval '2 years'), the same date a year-by-year count gives.
      const twoYearsBack = `${Number(today.slice(0, 4)) - 2}${today.slice(4)}`;
      const teamShops = new Set<number>();
      for (const s of assigned) if (s.assigned_employee_id !== null && active.has(s.assigned_employee_id)) teamShops.add(s.id);
      for (const v of visits)
        if (active.has(v.employee_id) && v.visit_date > twoYearsBack && v.visit_date <= today) teamShops.add(v.shop_id);
      const last = new Map<number, string>();
      for (const v of visits) if (v.visit_date <= today && (last.get(v.shop_id) ?? '') < v.visit_date) last.set(v.shop_id, v.visit_date);
      const visited = [...teamShops].filter((id) => last.has(id) && daysBetween(last.get(id)!, today) < 90);

      const body = (await get(ctx.manager, `/api/overview/coverage?${qs({ ...PERIOD, to: addDays(today, 30), limit: 200 })}`)).json();
      expect(body.asOf).toBe(today);
      expect(body.windowDays).toBe(90);
      expect(body.teamShops).toBe(teamShops.size);
      expect(body.visitedShops).toBe(visited.length);
      expect(body.share).toBeCloseTo(visited.length / teamShops.size, 10);
      expect(body.notVisitedTotal).toBe(teamShops.size - visited.length);
      const expectedOrder = [...teamShops]
        .filter((id) => !visited.includes(id))
        .map((id) => last.get(id) ?? '')
        .sort();
      expect(body.notVisited.map((s: { lastVisitDate: string | null }) => s.lastVisitDate ?? '')).toEqual(expectedOrder.slice(0, 200));
      // Each shop of the page named and placed as the shop itself is; a city's coverage holds only the team's shops there.
      const places = new Map(
        (
          await queryRows<{ id: number; name: string; city: string | null; postal_code: string | null; city_id: number | null }>(
            ctx.database,
            sql`select s.id, s.name, ci.name as city, coalesce(a.postal_code, ci.postal_code) as postal_code, ci.id as city_id
              from shops s left join contacts ct on ct.id = s.contact_id left join addresses a on a.id = ct.address_id
              left join cities ci on ci.id = a.city_id`,
          )
        ).map((r) => [r.id, r]),
      );
      type PageShop = { shopId: number; shopName: string; city: string | null; postalCode: string | null };
      expect(body.notVisited.length).toBeGreaterThan(0);
      for (const shop of body.notVisited as PageShop[]) {
        const place = places.get(shop.shopId)!;
        expect(shop).toMatchObject({ shopName: place.name, city: place.city, postalCode: place.postal_code });
      }
      const cityId = (body.notVisited as PageShop[]).map((shop) => places.get(shop.shopId)!.city_id).find((id) => id !== null)!;
      const inCity = (
        await get(ctx.manager, `/api/overview/coverage?${qs({ ...PERIOD, to: addDays(today, 30), limit: 200, cityId })}`)
      ).json();
      expect(inCity.teamShops).toBe([...teamShops].filter((id) => places.get(id)!.city_id === cityId).length);
      expect(inCity.notVisited.length).toBeGreaterThan(0);
      for (const shop of inCity.notVisited as PageShop[]) expect(places.get(shop.shopId)!.city_id).toBe(cityId);

      const first = (await get(ctx.manager, `/api/overview/coverage?${qs({ ...PERIOD, limit: 1 })}`)).json();
      if (first.notVisitedTotal > 1) {
        expect(first.nextOffset).toBe(1);
        const second = (await get(ctx.manager, `/api/overview/coverage?${qs({ ...PERIOD, limit: 1, offset: 1 })}`)).json();
        expect(second.notVisited[0].shopId).not.toBe(first.notVisited[0].shopId);
      }
    });

    it('counts to-dos open and done per assignee, and how old the open ones are', async () => {
      const today = brusselsToday();
      const rows = await queryRows<{ employee_id: number; status: number; created: string }>(
        ctx.database,
        sql`select te.employee_id, t.to_do_status_id as status, to_char(t.date_created at time zone 'Europe/Brussels', 'YYYY-MM-DD') as created
          from todos t join todo_employees te on te.to_do_id = t.id`,
      );
      const period = { from: '2020-01-01', to: today };
      const body = (await get(ctx.manager, `/api/overview/todos?${qs(period)}`)).json();
      const expected = new Map<number, { open: number; done: number; over30: number; oldest: number | null }>();
      for (const r of rows.filter((x) => x.created >= period.from && x.created <= period.to)) {
        const e = expected.get(r.employee_id) ?? { open: 0, done: 0, over30: 0, oldest: null };
        const age = daysBetween(r.created, today);
        if (r.status === 1) {
          e.open++;
          if (age > 30) e.over30++;
          e.oldest = Math.max(e.oldest ?? 0, age);
        }
        if (r.status === 2) e.done++;
        expected.set(r.employee_id, e);
      }
      type Assignee = { employeeId: number; open: number; done: number; openAge: Record<string, number>; oldestOpenDays: number | null };
      expect(
        new Map(
          body.assignees.map((a: Assignee) => [
            a.employeeId,
            { open: a.open, done: a.done, over30: a.openAge.upTo90 + a.openAge.over90, oldest: a.oldestOpenDays },
          ]),
        ),
      ).toEqual(expected);
    });

    it('shows the brand interests with their remarks, the sell-out per month, competitors and terminated brands', async () => {
      const today = brusselsToday();
      const period = { from: today.slice(0, 8) + '01', to: today };
      const body = (await get(ctx.manager, `/api/overview/brands?${qs(period)}`)).json();
      const interests = await queryRows<{ brand_id: number; shop_id: number; remark: string | null }>(
        ctx.database,
        sql`select bi.brand_id, p.shop_id, bi.remark from prospection_brand_interests bi join prospections p on p.id = bi.prospection_id
          where p.visit_date between ${period.from}::date and ${period.to}::date`,
      );
      const shopsPerBrand = new Map<number, Set<number>>();
      for (const r of interests) shopsPerBrand.set(r.brand_id, (shopsPerBrand.get(r.brand_id) ?? new Set()).add(r.shop_id));
      expect(new Map(body.interests.map((i: { brandId: number; shops: number }) => [i.brandId, i.shops]))).toEqual(
        new Map([...shopsPerBrand].map(([brand, shops]) => [brand, shops.size])),
      );
      const remark = body.interests
        .flatMap((i: { remarks: { remark: string; prospectionId: number }[] }) => i.remarks)
        .find((r: { remark: string }) => r.remark === 'Overzichtstest');
      expect(remark.prospectionId).toBeGreaterThan(0);

      const sellouts = await queryRows<{ brand_id: number; month: string; sellout: string }>(
        ctx.database,
        sql`select pb.brand_id, to_char(p.visit_date, 'YYYY-MM') as month, pb.sellout::text as sellout
          from prospection_brands pb join prospections p on p.id = pb.prospection_id
          where pb.sellout is not null and p.visit_date between ${period.from}::date and ${period.to}::date`,
      );
      const sums = new Map<string, number[]>();
      for (const r of sellouts) sums.set(`${r.brand_id}|${r.month}`, [...(sums.get(`${r.brand_id}|${r.month}`) ?? []), Number(r.sellout)]);
      expect(
        new Map(body.sellout.map((s: { brandId: number; month: string; average: number }) => [`${s.brandId}|${s.month}`, s.average])),
      ).toEqual(new Map([...sums].map(([k, xs]) => [k, Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10])));

      const competitors = await queryRows<{ competitor_brand_id: number }>(
        ctx.database,
        sql`select pc.competitor_brand_id from prospection_competitor_brands pc join prospections p on p.id = pc.prospection_id
          where p.visit_date between ${period.from}::date and ${period.to}::date`,
      );
      const seen = countBy(competitors, (c) => String(c.competitor_brand_id));
      for (const c of body.competitors) expect(c.visits, c.competitorBrandName).toBe(seen.get(String(c.competitorBrandId)));
      expect(body.competitors.length).toBe(Math.min(seen.size, 25));

      const [{ n }] = await queryRows<{ n: number }>(
        ctx.database,
        sql`select count(*)::int as n from prospections where visit_date between ${period.from}::date and ${period.to}::date
          and terminated_brands is not null and terminated_brands <> ''`,
      );
      expect(body.terminatedTotal).toBe(n);
      expect(body.terminated.map((t: { text: string }) => t.text)).toContain('Stopmerk');
    });

    it('shows a visit sent now in the figures at once', async () => {
      const today = brusselsToday();
      const url = `/api/my/overview/visits?${qs({ from: today, to: today })}`;
      const before = (await get(ctx.rep, url)).json().total;
      const shopId = (await get(ctx.rep, '/api/shops')).json()[1].id;
      const sent = await ctx.app.inject({
        method: 'POST',
        url: `/api/shops/${shopId}/prospections`,
        headers: writeHeaders(ctx.rep, { 'idempotency-key': `overview-now-${kind}` }),
        payload: { visitDate: today, contactTypeId: 1, visitTypeId: 1 },
      });
      expect(sent.statusCode).toBe(201);
      expect((await get(ctx.rep, url)).json().total).toBe(before + 1);
    });
  });
});
