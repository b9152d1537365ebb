// The administration (decision 029): people (add, deactivate, reactivate), brands (add, deactivate, merge) and the log of
// every change. Who may call it, and the first administrator: adminAccess.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CLIENT_HEADER } from '@prospectie/contract';
import { adminContext, dbKinds, queryRows, writeHeaders } from '../test/harness.js';

type Named = { id: number; name: string };

describe.each(dbKinds)('administration on %s', (kind) => {
  const ctx = adminContext(kind);
  let adminUserId: number;
  let shopId: number;

  beforeAll(async () => {
    adminUserId = (await get(ctx.admin, '/api/me')).json().user.id;
    shopId = (await get(ctx.rep, '/api/shops')).json()[0].id;
  }, 120_000);

  const get = (cookie: string, url: string) => ctx.app.inject({ url, headers: { cookie } });
  const send = (cookie: string, method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object, extra: Record<string, string> = {}) =>
    ctx.app.inject({ method, url, headers: writeHeaders(cookie, extra), payload });
  /** The whole-visit submission, as the outbox sends it. */
  const submitVisit = (
    cookie: string,
    key: string,
    parts: { brands?: object[]; competitorBrandIds?: number[]; brandInterests?: object[] },
  ) =>
    send(
      cookie,
      'POST',
      `/api/shops/${shopId}/prospections`,
      { visitDate: '2026-11-20', contactTypeId: 1, visitTypeId: 1, extra: 'beheer-test', ...parts },
      { 'idempotency-key': key },
    );
  const logEntries = async () => (await get(ctx.admin, '/api/admin/log?limit=200')).json().entries as AuditEntry[];
  type AuditEntry = {
    action: string;
    entity: string;
    entityId: number;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    actor: { userId: number } | null;
  };

  describe('people', () => {
    it('adds a rep who can then sign in and is greeted by her first name', async () => {
      const res = await send(ctx.admin, 'POST', '/api/admin/people', {
        login: 'Lotte.Nieuw@fc70.example',
        firstName: 'Lotte',
        name: 'Nieuwkerke',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ login: 'Lotte.Nieuw@fc70.example', firstName: 'Lotte', roles: [], active: true, linked: false });
      const lotte = await ctx.signIn('lotte.nieuw@fc70.example');
      expect((await get(lotte, '/api/me')).json()).toMatchObject({
        employee: { firstName: 'Lotte', name: 'Nieuwkerke' },
        roles: ['medewerker'],
      });
      const found = (await get(ctx.admin, '/api/admin/people?q=NIEUWKERKE')).json();
      expect(found.map((p: { login: string }) => p.login)).toEqual(['Lotte.Nieuw@fc70.example']);
    });

    it('finds people whatever the case or accents', async () => {
      const created = await send(ctx.admin, 'POST', '/api/admin/people', {
        login: 'celine@fc70.example',
        firstName: 'Céline',
        name: 'Dubois',
      });
      expect(created.statusCode).toBe(201);
      const found = (await get(ctx.admin, '/api/admin/people?q=celine%20dub')).json();
      expect(found.map((p: { firstName: string }) => p.firstName)).toEqual(['Céline']);
      await send(ctx.admin, 'POST', '/api/admin/people', { login: 'elodie@fc70.example', firstName: 'ÉLODIE', name: 'ÖZTÜRK' });
      const upper = (await get(ctx.admin, '/api/admin/people?q=Ozturk')).json();
      expect(upper.map((p: { firstName: string }) => p.firstName)).toEqual(['ÉLODIE']);
      // A % or _ in the search is a character, not a wildcard.
      expect((await get(ctx.admin, '/api/admin/people?q=%25')).json()).toEqual([]);
    });

    it('refuses a login that is taken, whatever its case, and writes nothing', async () => {
      const before = await ctx.rowCounts();
      const res = await send(ctx.admin, 'POST', '/api/admin/people', { login: 'DEMO@example.com', firstName: 'Dubbel', name: 'Ganger' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'login_taken', field: 'body.login' });
      expect(await ctx.rowCounts()).toEqual(before);
    });

    it('deactivates a rep: her next request is 401, she leaves the colleague lists, cannot sign in; reactivated she can', async () => {
      const created = (
        await send(ctx.admin, 'POST', '/api/admin/people', { login: 'vertrekt@fc70.example', firstName: 'Vera', name: 'Vertrek' })
      ).json();
      const vera = await ctx.signIn('vertrekt@fc70.example');
      const veraOnPhone = await ctx.signIn('vertrekt@fc70.example');
      expect((await get(vera, '/api/me')).statusCode).toBe(200);
      expect((await get(veraOnPhone, '/api/me')).statusCode).toBe(200);
      const employeesBefore = (await get(ctx.rep, '/api/employees')).json() as Named[];
      expect(employeesBefore.map((e) => e.id)).toContain(created.employeeId);

      const res = await send(ctx.admin, 'PATCH', `/api/admin/people/${created.userId}`, { active: false });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ active: false });
      for (const session of [vera, veraOnPhone]) {
        const next = await get(session, '/api/me');
        expect(next.statusCode).toBe(401);
        expect(next.json().code).toBe('not_signed_in');
      }
      expect(((await get(ctx.rep, '/api/employees')).json() as Named[]).map((e) => e.id)).not.toContain(created.employeeId);
      expect(((await get(ctx.rep, '/api/users')).json() as Named[]).map((u) => u.id)).not.toContain(created.userId);
      // Her own record still reads by id (old visits and to-dos name her).
      expect((await get(ctx.rep, `/api/employees/${created.employeeId}`)).json()).toMatchObject({ firstName: 'Vera' });
      const refused = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/demo',
        headers: { [CLIENT_HEADER]: '1' },
        payload: { email: 'vertrekt@fc70.example' },
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe('account_deactivated');
      expect((await get(ctx.admin, '/api/admin/people?status=inactive')).json().map((p: { userId: number }) => p.userId)).toContain(
        created.userId,
      );

      expect((await send(ctx.admin, 'PATCH', `/api/admin/people/${created.userId}`, { active: true })).json()).toMatchObject({
        active: true,
      });
      const back = await ctx.signIn('vertrekt@fc70.example');
      expect((await get(back, '/api/me')).json().employee.firstName).toBe('Vera');
      expect(((await get(ctx.rep, '/api/employees')).json() as Named[]).map((e) => e.id)).toContain(created.employeeId);
    });

    it('gives and takes roles, which count from the next request', async () => {
      const created = (
        await send(ctx.admin, 'POST', '/api/admin/people', { login: 'teamlead@fc70.example', firstName: 'Tom', name: 'Leider' })
      ).json();
      const tom = await ctx.signIn('teamlead@fc70.example');
      expect((await get(tom, '/api/admin/people')).statusCode).toBe(403);
      expect((await get(tom, '/api/me')).json().roles).toEqual(['medewerker']);
      const res = await send(ctx.admin, 'PATCH', `/api/admin/people/${created.userId}`, { roles: ['beheerder', 'manager'] });
      expect(res.json().roles.sort()).toEqual(['beheerder', 'manager']);
      // The session he has already counts the new roles at once (the session cache forgets it on every instance).
      expect((await get(tom, '/api/admin/people')).statusCode).toBe(200);
      expect((await get(tom, '/api/me')).json().roles).toEqual(['medewerker', 'manager', 'beheerder']);
      // Renaming and a login change of someone else.
      const renamed = await send(ctx.admin, 'PATCH', `/api/admin/people/${created.userId}`, {
        login: 'tom.leider@fc70.example',
        name: 'Leyder',
      });
      expect(renamed.json()).toMatchObject({ login: 'tom.leider@fc70.example', name: 'Leyder', firstName: 'Tom' });
      expect((await get(tom, '/api/me')).json().employee).toMatchObject({ firstName: 'Tom', name: 'Leyder' });
      const taken = await send(ctx.admin, 'PATCH', `/api/admin/people/${created.userId}`, { login: 'collega@example.com' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().code).toBe('login_taken');
    });

    it('refuses an administrator deactivating herself or taking her own beheerder role', async () => {
      const before = await ctx.rowCounts();
      for (const body of [{ active: false }, { roles: [] }, { roles: ['manager'] }]) {
        const res = await send(ctx.admin, 'PATCH', `/api/admin/people/${adminUserId}`, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().code).toBe('cannot_deactivate_self');
      }
      expect(await ctx.rowCounts()).toEqual(before);
      expect((await get(ctx.admin, '/api/admin/people')).statusCode).toBe(200);
    });

    it('answers user_not_found for an unknown account', async () => {
      const res = await send(ctx.admin, 'PATCH', '/api/admin/people/999999', { firstName: 'Niemand' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('user_not_found');
    });
  });

  describe('brands', () => {
    it('adds a competitor brand the wizard then offers; deactivated it leaves the list but old visits keep its name', async () => {
      const created = await send(ctx.admin, 'POST', '/api/admin/competitor-brands', { name: 'Nieuwkomer Seizoen' });
      expect(created.statusCode).toBe(201);
      const brand = created.json();
      expect(brand).toMatchObject({ name: 'Nieuwkomer Seizoen', active: true, mergedInto: null, visitCount: 0 });
      const list = async () => ((await get(ctx.rep, '/api/competitorbrands')).json() as Named[]).map((b) => b.name);
      expect(await list()).toContain('Nieuwkomer Seizoen');
      const visit = await submitVisit(ctx.rep, 'nieuwkomer-1', { competitorBrandIds: [brand.id] });
      expect(visit.statusCode).toBe(201);

      const off = await send(ctx.admin, 'PATCH', `/api/admin/competitor-brands/${brand.id}`, { active: false });
      expect(off.json()).toMatchObject({ active: false, visitCount: 1 });
      expect(await list()).not.toContain('Nieuwkomer Seizoen');
      const onVisit = (await get(ctx.rep, `/api/prospections/${visit.json().id}/competitorbrands`)).json();
      expect(onVisit).toEqual([{ competitorBrandId: brand.id, competitorBrandName: 'Nieuwkomer Seizoen' }]);
      // A visit from an outbox naming it still goes through, under the same (inactive) entry.
      const late = await submitVisit(ctx.rep, 'nieuwkomer-2', { competitorBrandIds: [brand.id] });
      expect(late.statusCode).toBe(201);
      expect((await get(ctx.rep, `/api/prospections/${late.json().id}/competitorbrands`)).json()).toEqual(onVisit);
    });

    it('renames, refuses a name that is taken whatever its case, and an unknown id', async () => {
      const brand = (await send(ctx.admin, 'POST', '/api/admin/brands', { name: 'Tijdelijke Naam' })).json();
      const renamed = await send(ctx.admin, 'PATCH', `/api/admin/brands/${brand.id}`, { name: 'Definitieve Naam' });
      expect(renamed.json()).toMatchObject({ id: brand.id, name: 'Definitieve Naam' });
      expect(((await get(ctx.rep, '/api/brands')).json() as Named[]).map((b) => b.name)).toContain('Definitieve Naam');
      const before = await ctx.rowCounts();
      const dup = await send(ctx.admin, 'POST', '/api/admin/brands', { name: 'definitieve naam' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toMatchObject({ code: 'brand_name_taken', field: 'body.name' });
      expect(await ctx.rowCounts()).toEqual(before);
      const missing = await send(ctx.admin, 'PATCH', '/api/admin/brands/999999', { name: 'Niets' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('brand_not_found');
    });

    it('merges: references move in one go, a visit naming both keeps one, a later visit with the old id lands on the merged brand', async () => {
      const source = (await send(ctx.admin, 'POST', '/api/admin/brands', { name: 'Oud Merk' })).json();
      const target = (await send(ctx.admin, 'POST', '/api/admin/brands', { name: 'Nieuw Merk' })).json();
      const earlier = (await send(ctx.admin, 'POST', '/api/admin/brands', { name: 'Ouder Merk' })).json();
      // 'Ouder Merk' went into 'Oud Merk' before; it must follow to 'Nieuw Merk'.
      expect((await send(ctx.admin, 'POST', `/api/admin/brands/${earlier.id}/merge`, { intoId: source.id })).statusCode).toBe(200);
      const onlySource = await submitVisit(ctx.rep, 'merge-1', {
        brands: [{ brandId: source.id, sellout: 10 }],
        brandInterests: [{ brandId: source.id, remark: 'interesse' }],
      });
      const both = await submitVisit(ctx.rep, 'merge-2', {
        brands: [
          { brandId: source.id, sellout: 10 },
          { brandId: target.id, sellout: 55 },
        ],
      });
      expect([onlySource.statusCode, both.statusCode]).toEqual([201, 201]);

      const merged = await send(ctx.admin, 'POST', `/api/admin/brands/${source.id}/merge`, { intoId: target.id });
      expect(merged.statusCode).toBe(200);
      expect(merged.json()).toMatchObject({
        id: source.id,
        active: false,
        mergedInto: { id: target.id, name: 'Nieuw Merk' },
        visitCount: 0,
      });
      const brandsOf = async (id: number) => (await get(ctx.rep, `/api/prospections/${id}/brands`)).json();
      expect(await brandsOf(onlySource.json().id)).toEqual([
        { brandId: target.id, brandName: 'Nieuw Merk', sellout: 10, selloutRemark: null },
      ]);
      expect((await get(ctx.rep, `/api/prospections/${onlySource.json().id}/brandinterests`)).json()).toEqual([
        { brandId: target.id, brandName: 'Nieuw Merk', remark: 'interesse' },
      ]);
      expect(await brandsOf(both.json().id)).toEqual([{ brandId: target.id, brandName: 'Nieuw Merk', sellout: 55, selloutRemark: null }]);
      const list = (await get(ctx.admin, '/api/admin/brands')).json() as { id: number; mergedInto: Named | null; visitCount: number }[];
      expect(list.find((b) => b.id === earlier.id)!.mergedInto).toEqual({ id: target.id, name: 'Nieuw Merk' });
      expect(list.find((b) => b.id === target.id)!.visitCount).toBe(2);
      expect(((await get(ctx.rep, '/api/brands')).json() as Named[]).map((b) => b.name)).not.toContain('Oud Merk');

      // From a device's outbox, typed before the merge: the old ids (also the one merged earlier) are saved
      // under the merged brand, once.
      const late = await submitVisit(ctx.rep, 'merge-3', {
        brands: [
          { brandId: source.id, sellout: 20 },
          { brandId: earlier.id, sellout: 30 },
        ],
        brandInterests: [{ brandId: earlier.id }],
      });
      expect(late.statusCode).toBe(201);
      expect(await brandsOf(late.json().id)).toEqual([{ brandId: target.id, brandName: 'Nieuw Merk', sellout: 20, selloutRemark: null }]);
      // The same key again: the same visit, not a second.
      const replay = await submitVisit(ctx.rep, 'merge-3', {
        brands: [
          { brandId: source.id, sellout: 20 },
          { brandId: earlier.id, sellout: 30 },
        ],
        brandInterests: [{ brandId: earlier.id }],
      });
      expect(replay.json().id).toBe(late.json().id);
      // The spec's granular call too.
      const put = await send(ctx.rep, 'PUT', `/api/prospections/${late.json().id}/brands`, {
        ProspectionBrands: [{ brandId: source.id, sellout: 40 }],
      });
      expect(put.statusCode).toBe(204);
      expect(await brandsOf(late.json().id)).toEqual([{ brandId: target.id, brandName: 'Nieuw Merk', sellout: 40, selloutRemark: null }]);
    });

    it('merges competitor brands the same way, via the granular call too', async () => {
      const source = (await send(ctx.admin, 'POST', '/api/admin/competitor-brands', { name: 'Concurrent Oud' })).json();
      const target = (await send(ctx.admin, 'POST', '/api/admin/competitor-brands', { name: 'Concurrent Nieuw' })).json();
      const visit = await submitVisit(ctx.rep, 'cmerge-1', { competitorBrandIds: [source.id, target.id] });
      expect((await send(ctx.admin, 'POST', `/api/admin/competitor-brands/${source.id}/merge`, { intoId: target.id })).statusCode).toBe(
        200,
      );
      const competitorsOf = async (id: number) => (await get(ctx.rep, `/api/prospections/${id}/competitorbrands`)).json();
      expect(await competitorsOf(visit.json().id)).toEqual([{ competitorBrandId: target.id, competitorBrandName: 'Concurrent Nieuw' }]);
      const late = await submitVisit(ctx.rep, 'cmerge-2', { competitorBrandIds: [source.id] });
      expect(await competitorsOf(late.json().id)).toEqual([{ competitorBrandId: target.id, competitorBrandName: 'Concurrent Nieuw' }]);
      const put = await send(ctx.rep, 'PUT', `/api/prospections/${late.json().id}/competitorbrands`, {
        CompetitorBrandIds: [source.id, target.id],
      });
      expect(put.statusCode).toBe(204);
      expect(await competitorsOf(late.json().id)).toEqual([{ competitorBrandId: target.id, competitorBrandName: 'Concurrent Nieuw' }]);
    });

    it('refuses a merge into itself, into an inactive entry, or with an unknown id, and changes nothing', async () => {
      const a = (await send(ctx.admin, 'POST', '/api/admin/brands', { name: 'Merk A' })).json();
      const off = (await send(ctx.admin, 'POST', '/api/admin/brands', { name: 'Merk Uit' })).json();
      await send(ctx.admin, 'PATCH', `/api/admin/brands/${off.id}`, { active: false });
      const before = await ctx.rowCounts();
      const cases: [number, number, number, string][] = [
        [a.id, a.id, 400, 'merge_into_itself'],
        [a.id, off.id, 400, 'merge_into_inactive'],
        [a.id, 999999, 404, 'brand_not_found'],
        [999999, a.id, 404, 'brand_not_found'],
      ];
      for (const [from, into, status, code] of cases) {
        const res = await send(ctx.admin, 'POST', `/api/admin/brands/${from}/merge`, { intoId: into });
        expect(res.statusCode, `${from} → ${into}`).toBe(status);
        expect(res.json().code).toBe(code);
      }
      expect(await ctx.rowCounts()).toEqual(before);
      expect((await get(ctx.admin, '/api/admin/brands')).json().find((b: { id: number }) => b.id === a.id)).toMatchObject({
        active: true,
        mergedInto: null,
      });
    });
  });

  describe('the log', () => {
    it('holds an entry for every administrative write of this suite, newest first, with before and after', async () => {
      const [{ n }] = await queryRows<{ n: number }>(ctx.database, sql`select count(*)::int as n from audit_log`);
      const entries = await logEntries();
      expect(entries).toHaveLength(n);
      // Each successful write of this suite (counted from the answers would repeat the suite; the rows are the proof):
      // every entry has an actor, an action of its entity and the record after.
      for (const e of entries) {
        expect(e.actor?.userId).toBe(adminUserId);
        expect(e.action.startsWith(e.entity === 'person' ? 'person.' : `${e.entity}.`)).toBe(true);
        expect(e.after).not.toBeNull();
      }
      const actions = new Set(entries.map((e) => e.action));
      for (const action of [
        'person.create',
        'person.update',
        'person.deactivate',
        'person.reactivate',
        'brand.create',
        'brand.update',
        'brand.deactivate',
        'brand.merge',
        'competitor-brand.create',
        'competitor-brand.deactivate',
        'competitor-brand.merge',
      ]) {
        expect(actions, action).toContain(action);
      }
      const deactivation = entries.find((e) => e.action === 'person.deactivate')!;
      expect(deactivation.before).toMatchObject({ login: 'vertrekt@fc70.example', active: true });
      expect(deactivation.after).toMatchObject({ login: 'vertrekt@fc70.example', active: false });
      const merge = entries.find((e) => e.action === 'brand.merge' && e.before?.name === 'Oud Merk')!;
      expect(merge.after).toMatchObject({ active: false, into: { name: 'Nieuw Merk' }, movedReferences: 2 });
      const ids = entries.map((e) => (e as unknown as { id: number }).id);
      expect(ids).toEqual([...ids].sort((x, y) => y - x));
      // Paging: two at a time reaches the same entries.
      const first = (await get(ctx.admin, '/api/admin/log?limit=2')).json();
      expect(first.entries).toHaveLength(2);
      const second = (await get(ctx.admin, `/api/admin/log?limit=2&before=${first.nextBefore}`)).json();
      expect([...first.entries, ...second.entries].map((e: { id: number }) => e.id)).toEqual(ids.slice(0, 4));
    });

    it('wrote no entry for a refused change', async () => {
      const count = async () => (await queryRows<{ n: number }>(ctx.database, sql`select count(*)::int as n from audit_log`))[0].n;
      const before = await count();
      await send(ctx.admin, 'POST', '/api/admin/brands', { name: 'Nieuw Merk' });
      await send(ctx.admin, 'PATCH', `/api/admin/people/${adminUserId}`, { active: false });
      expect(await count()).toBe(before);
    });
  });
});
