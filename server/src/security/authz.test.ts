// The authorisation matrix: every /api route of the OpenAPI document is listed here with who may call it.
// No session → 401 (except the public ones); another rep's own records (the sample report, to-dos, visit
// parts) → 403 and nothing changed. A route missing from the matrix fails the first test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_HEADER } from '@prospectie/contract';
import { createTestContext, dbKinds, writeHeaders, type TestContext } from '../test/harness.js';
import { makeFixtures, SMALL_PHOTO, type Fixtures, type Rep } from './fixtures.js';
import { apiRoutes, fillPath, WRITE_METHODS, type ApiRoute } from './routes.js';

/** A request one rep makes on a record of another; `of` is the owner, `as` the one asking. */
type OwnCheck = (
  f: Fixtures,
  of: Rep,
  as: Rep,
) => { path: Record<string, number | string>; body?: object; headers?: Record<string, string> };

type Access =
  | { public: number } // anyone; the status an anonymous caller gets
  | 'session' // any signed-in user: shared reference data, shops, reading visits
  | { own: OwnCheck } // only the owner; another rep gets 403
  | 'beheerder' // the administration: beheerder only (src/admin.test.ts proves each role's answer)
  | 'team'; // the team's overview: manager and beheerder (src/overview.test.ts proves each role's answer)

const visitPart = (body: object): Access => ({ own: (_f, of) => ({ path: { id: of.prospectionId }, body }) });

const MATRIX: Record<string, Access> = {
  'GET /api/health': { public: 200 },
  'GET /api/auth/config': { public: 200 },
  'POST /api/auth/demo': { public: 400 }, // empty body: refused for what it is, not for want of a session
  'GET /api/auth/login': { public: 404 }, // demo mode: single sign-on is off
  'GET /api/auth/callback': { public: 404 },
  'POST /api/auth/logout': { public: 200 },
  'GET /api/me': 'session',
  'GET /api/countries': 'session',
  'GET /api/brands': 'session',
  'GET /api/competitorbrands': 'session',
  'GET /api/contacttypes': 'session',
  'GET /api/visittypes': 'session',
  'GET /api/todotypes': 'session',
  'GET /api/todostatuses': 'session',
  'GET /api/countries/{id}/cities': 'session',
  'GET /api/users': 'session',
  'GET /api/users/{id}': 'session',
  'GET /api/employees': 'session',
  'GET /api/employees/{id}': 'session',
  'GET /api/employees/user/{userId}': 'session',
  'GET /api/employees/{id}/appointments': 'session', // colleagues' calendars are shared (spec: agenda)
  'GET /api/User/GetUserByEmail/{email}': 'session',
  'GET /api/shops': 'session',
  'POST /api/shops': 'session',
  'GET /api/shops/{id}': 'session',
  'GET /api/shops/{id}/prospections': 'session',
  'POST /api/shops/{id}/prospections': 'session',
  'GET /api/shops/{id}/brands': 'session',
  'GET /api/shops/{id}/sellout': 'session', // the shop page's sell-out chart, for every rep (decision 033)
  'GET /api/contactinfo/{shopId}/{code}': 'session',
  'POST /api/addresses': 'session',
  'POST /api/contacts': 'session',
  'POST /api/shops/register': 'session',
  'GET /api/prospections/{id}': 'session', // a shop's visit history is read by every rep
  'GET /api/prospections/{id}/brands': 'session',
  'PUT /api/prospections/{id}/brands': visitPart({ ProspectionBrands: [{ brandId: 1, sellout: 99 }] }),
  'GET /api/prospections/{id}/competitorbrands': 'session',
  'PUT /api/prospections/{id}/competitorbrands': visitPart({ CompetitorBrandIds: [3] }),
  'GET /api/prospections/{id}/brandinterests': 'session',
  'PUT /api/prospections/{id}/brandinterests': visitPart({ ProspectionBrandInterests: [{ brandId: 4 }] }),
  'GET /api/prospections/{id}/todos': 'session',
  'PUT /api/prospections/{id}/todos': visitPart({ ToDoIds: [] }),
  'POST /api/prospections': 'session',
  'POST /api/todos': 'session',
  'GET /api/todos/{id}/employees': 'session',
  'PUT /api/todos/{id}/employees': { own: (_f, of, as) => ({ path: { id: of.todoId }, body: { EmployeeIds: [as.employeeId] } }) },
  'GET /api/employees/{employeeId}/todos': { own: (_f, of) => ({ path: { employeeId: of.employeeId } }) },
  'PATCH /api/todos/{id}': { own: (_f, of) => ({ path: { id: of.todoId }, body: { toDoStatusId: 2 } }) },
  'GET /api/prospectionreport/employee/{employeeId}': { own: (_f, of) => ({ path: { employeeId: of.employeeId } }) },
  'POST /api/prospectionreport': { own: (_f, of) => ({ path: {}, body: { employeeId: of.employeeId, content: 'overgenomen' } }) },
  'PUT /api/prospectionreport/{id}': { own: (_f, of) => ({ path: { id: of.reportId }, body: { content: 'overschreven' } }) },
  'GET /api/admin/people': 'beheerder',
  'POST /api/admin/people': 'beheerder',
  'PATCH /api/admin/people/{userId}': 'beheerder',
  'GET /api/admin/brands': 'beheerder',
  'POST /api/admin/brands': 'beheerder',
  'PATCH /api/admin/brands/{id}': 'beheerder',
  'POST /api/admin/brands/{id}/merge': 'beheerder',
  'GET /api/admin/competitor-brands': 'beheerder',
  'POST /api/admin/competitor-brands': 'beheerder',
  'PATCH /api/admin/competitor-brands/{id}': 'beheerder',
  'POST /api/admin/competitor-brands/{id}/merge': 'beheerder',
  'GET /api/admin/log': 'beheerder',
  // Seasons (decision 068): kept by the beheerder, read by everyone signed in.
  'GET /api/seasons': 'session',
  'POST /api/admin/seasons': 'beheerder',
  'PUT /api/admin/seasons/{id}': 'beheerder',
  'DELETE /api/admin/seasons/{id}': 'beheerder',
  'POST /api/admin/imports/shops': 'beheerder',
  'POST /api/admin/imports/columns': 'beheerder',
  'POST /api/admin/imports/cities': 'beheerder',
  'POST /api/admin/shops/{id}/merge': 'beheerder',
  'GET /api/admin/shops/{id}/merge-candidates': 'beheerder',
  // Planning (decision 028): a rep plans and changes only her own appointments; the feed's token is its own credential.
  'POST /api/appointments': 'session',
  'PATCH /api/appointments/{ref}': { own: (_f, of) => ({ path: { ref: of.appointmentId }, body: { name: 'overgenomen' } }) },
  'DELETE /api/appointments/{ref}': { own: (_f, of) => ({ path: { ref: of.spareAppointmentId } }) },
  'POST /api/appointments/import': 'session',
  'GET /api/me/today': 'session',
  'GET /api/me/due-shops': 'session',
  'GET /api/shops/{id}/plan': 'session',
  // The pipeline (decision 066): read by everyone signed in; a rep sets statuses of any shop, as she records its visits
  // (src/routes/pipeline.test.ts proves each role's answer).
  'GET /api/shops/{id}/pipeline': 'session',
  'PUT /api/shops/{id}/pipeline/{brandId}': 'session',
  'GET /api/pipeline/follow-ups': 'session',
  'GET /api/calendar/subscription': 'session',
  'POST /api/calendar/subscription': 'session',
  'DELETE /api/calendar/subscription': 'session',
  'GET /api/calendar/feed/{token}.ics': { public: 404 }, // an unknown token: no feed, whoever asks
  // Mail (decisions 069, 070): one's own settings; the log for the beheerder; the unsubscribe token is its own credential.
  'GET /api/me/mail-settings': 'session',
  'PUT /api/me/mail-settings': 'session',
  'GET /api/admin/mails': 'beheerder',
  'GET /api/mail/unsubscribe/{token}': { public: 404 },
  // Where shops are (decision 071): a rep places a shop she stands in; the beheerder pins.
  'PUT /api/shops/{id}/here': 'session',
  'GET /api/shops/places': 'session',
  'GET /api/map/settings': 'session',
  'GET /api/map/shops': 'session',
  'GET /api/admin/shops/without-place': 'beheerder',
  'PUT /api/admin/shops/{id}/place': 'beheerder', // an unknown token: nothing to turn off, whoever asks
  'POST /api/mail/unsubscribe/{token}': { public: 404 },
  // The overview (decision 033): the team's figures for manager and beheerder; Mijn overzicht answers only the caller's own.
  'GET /api/overview/visits': 'team',
  'GET /api/overview/coverage': 'team',
  'GET /api/overview/todos': 'team',
  'GET /api/overview/brands': 'team',
  'GET /api/overview/funnel': 'team',
  'GET /api/my/overview/funnel': 'session',
  'GET /api/my/overview/visits': 'session',
  'GET /api/my/overview/coverage': 'session',
  'GET /api/my/overview/todos': 'session',
  'GET /api/my/overview/brands': 'session',
  'GET /api/overview/export.xlsx': 'team',
  'GET /api/overview/export.csv': 'team',
  'GET /api/my/overview/export.xlsx': 'session',
  'GET /api/my/overview/export.csv': 'session',
  // Photos of a visit (decision 035): every rep sees them (as she reads the visits); only the visit's rep adds or removes one.
  'GET /api/prospections/{prospectionId}/photos': 'session',
  'PUT /api/prospections/{prospectionId}/photos/{photoId}': {
    own: (_f, of) => ({
      path: { prospectionId: of.prospectionId, photoId: '5d0c8e2a-4b1f-4e7a-9c3d-2f6b8a1e0d47' },
      body: SMALL_PHOTO,
      headers: { 'content-type': 'image/jpeg' },
    }),
  },
  'DELETE /api/prospections/{prospectionId}/photos/{photoId}': {
    own: (_f, of) => ({ path: { prospectionId: of.prospectionId, photoId: '5d0c8e2a-4b1f-4e7a-9c3d-2f6b8a1e0d47' } }),
  },
  'GET /api/photos/{photoId}': 'session',
  'GET /api/photos/{photoId}/thumb': 'session',
  'GET /api/shops/{shopId}/photos': 'session',
};

describe.each(dbKinds)('authorisation matrix on %s', (kind) => {
  let ctx: TestContext;
  let f: Fixtures;
  let routes: ApiRoute[];

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    f = await makeFixtures(ctx);
    routes = await apiRoutes(ctx.app);
  }, 120_000);
  afterAll(async () => ctx?.close());

  const anyPath = (route: ApiRoute) =>
    fillPath(route.path, Object.fromEntries(route.pathParams.map((p) => [p, p === 'email' ? 'demo@example.com' : p === 'code' ? 5 : 1])));

  it('lists every route of the OpenAPI document, and nothing that is not one', () => {
    const names = routes.map((r) => r.name);
    expect(names.length).toBeGreaterThan(40);
    expect(
      names.filter((n) => !(n in MATRIX)),
      'routes missing from MATRIX',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((n) => !names.includes(n)),
      'MATRIX entries that are no route',
    ).toEqual([]);
  });

  it('answers 401 JSON without a session, and with an unknown session cookie, on every route but the public ones', async () => {
    for (const route of routes) {
      const access = MATRIX[route.name];
      const write = WRITE_METHODS.has(route.method);
      for (const cookie of [undefined, 'prospectie_session=onbekend']) {
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url: anyPath(route),
          headers: { ...(write ? { [CLIENT_HEADER]: '1' } : {}), ...(cookie ? { cookie } : {}) },
          ...(write ? { payload: {} } : {}),
        });
        if (typeof access === 'object' && 'public' in access) {
          expect(res.statusCode, route.name).toBe(access.public);
        } else {
          expect(res.statusCode, `${route.name} ${cookie ?? 'no cookie'}`).toBe(401);
          expect(res.json(), route.name).toMatchObject({ error: 'Unauthorized', code: 'not_signed_in' });
        }
      }
    }
  });

  it('answers 403 role_required to a rep on every team route, with or without parameters', async () => {
    const team = routes.filter((r) => MATRIX[r.name] === 'team');
    expect(team.map((r) => r.name)).toContain('GET /api/overview/visits');
    for (const route of team) {
      for (const query of ['', '?from=2026-01-01&to=2026-03-31', `?from=2026-01-01&to=2026-03-31&employeeId=${f.sofie.employeeId}`]) {
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url: `${route.path}${query}`,
          headers: { cookie: f.sofie.cookie },
        });
        expect(res.statusCode, `${route.name}${query}`).toBe(403);
        expect(res.json().code, route.name).toBe('role_required');
      }
    }
  });

  it('answers 403 when a rep touches another rep’s own records, changes nothing, and lets the owner do it', async () => {
    const owned = routes.filter((r) => typeof MATRIX[r.name] === 'object' && 'own' in (MATRIX[r.name] as object));
    expect(owned.map((r) => r.name)).toContain('PUT /api/prospectionreport/{id}');
    expect(owned.map((r) => r.name)).toContain('GET /api/prospectionreport/employee/{employeeId}');
    for (const route of owned) {
      const check = (MATRIX[route.name] as { own: OwnCheck }).own;
      const write = WRITE_METHODS.has(route.method);
      const send = (as: Rep, of: Rep) => {
        const { path, body, headers } = check(f, of, as);
        return ctx.app.inject({
          method: route.method as 'GET',
          url: fillPath(route.path, path),
          headers: write ? writeHeaders(as.cookie, headers) : { cookie: as.cookie },
          ...(body ? { payload: body } : {}),
        });
      };
      const before = await ctx.rowCounts();
      const report = (
        await ctx.app.inject({ url: `/api/prospectionreport/employee/${f.sofie.employeeId}`, headers: { cookie: f.sofie.cookie } })
      ).json();
      const refused = await send(f.jan, f.sofie);
      expect(refused.statusCode, route.name).toBe(403);
      expect(refused.json().error, route.name).toBe('Forbidden');
      expect(refused.json().code, route.name).toMatch(/^not_own_|^not_todo_party$/);
      expect(await ctx.rowCounts(), route.name).toEqual(before);
      expect(
        (
          await ctx.app.inject({ url: `/api/prospectionreport/employee/${f.sofie.employeeId}`, headers: { cookie: f.sofie.cookie } })
        ).json(),
        route.name,
      ).toEqual(report);
      // The owner may (POST of a second report for oneself is refused as a duplicate, not as forbidden).
      const allowed = await send(f.sofie, f.sofie);
      expect(allowed.statusCode, `${route.name} by its owner`).not.toBe(403);
      expect(allowed.statusCode, `${route.name} by its owner`).toBeLessThan(route.name === 'POST /api/prospectionreport' ? 500 : 300);
    }
    // The sample report in particular: Jan cannot read Sofie's, and Sofie's text is still hers.
    const read = await ctx.app.inject({ url: `/api/prospectionreport/employee/${f.sofie.employeeId}`, headers: { cookie: f.jan.cookie } });
    expect(read.statusCode).toBe(403);
    expect(read.json().code).toBe('not_own_report');
  });
});
