// Records of two reps (Sofie and Jan) for the security suites, made through the API itself, and a valid
// request for every write route: the starting point the fuzzer bends and the matrix sends.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeHeaders, type TestContext } from '../test/harness.js';

export interface Rep {
  cookie: string;
  userId: number;
  employeeId: number;
  shopId: number;
  addressId: number;
  contactId: number;
  prospectionId: number;
  todoId: number;
  reportId: number;
  /** Two appointments of the rep's own (decision 028): one to change, one to delete. */
  appointmentId: number;
  spareAppointmentId: number;
}

export interface Fixtures {
  sofie: Rep;
  jan: Rep;
  countryId: number;
  cityId: number;
  /** beheer@example.com (decision 029), and records of its own for the administrative writes to change. */
  admin: {
    cookie: string;
    userId: number;
    personId: number;
    brandId: number;
    competitorBrandId: number;
    fieldShopId: number;
    seasonId: number;
  };
}

async function json<T>(ctx: TestContext, method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object): Promise<T> {
  const res = await ctx.app.inject({ method, url, payload, headers: method === 'GET' ? { cookie } : writeHeaders(cookie) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

async function makeRep(ctx: TestContext, email: string, cityId: number): Promise<Rep> {
  const cookie = await ctx.signIn(email);
  const me = await json<{ user: { id: number }; employee: { id: number } }>(ctx, 'GET', '/api/me', cookie);
  const shopId = (await json<{ id: number }[]>(ctx, 'GET', '/api/shops', cookie))[0].id;
  const addressId = (await json<{ id: number }>(ctx, 'POST', '/api/addresses', cookie, { street1: 'Kerkstraat 1', cityId })).id;
  const contactId = (await json<{ id: number }>(ctx, 'POST', '/api/contacts', cookie, { name: 'Contact', addressId })).id;
  const prospectionId = (
    await json<{ id: number }>(ctx, 'POST', `/api/shops/${shopId}/prospections`, cookie, {
      visitDate: '2026-11-20',
      contactTypeId: 1,
      visitTypeId: 1,
      extra: `van ${email}`,
    })
  ).id;
  const todoId = (await json<{ id: number }>(ctx, 'POST', '/api/todos', cookie, { name: `Taak van ${email}` })).id;
  const existing = await ctx.app.inject({ url: `/api/prospectionreport/employee/${me.employee.id}`, headers: { cookie } });
  const reportId =
    existing.statusCode === 200
      ? (existing.json() as { id: number }).id
      : (await json<{ id: number }>(ctx, 'POST', '/api/prospectionreport', cookie, { content: `Rapport van ${email}` })).id;
  const appointment = async (name: string) =>
    (
      await json<{ id: number }>(ctx, 'POST', '/api/appointments', cookie, {
        clientId: randomUUID(),
        name,
        startDate: '2026-12-01T10:00',
        endDate: '2026-12-01T11:00',
      })
    ).id;
  const appointmentId = await appointment(`Afspraak van ${email}`);
  const spareAppointmentId = await appointment(`Nog een afspraak van ${email}`);
  return {
    cookie,
    userId: me.user.id,
    employeeId: me.employee.id,
    shopId,
    addressId,
    contactId,
    prospectionId,
    todoId,
    reportId,
    appointmentId,
    spareAppointmentId,
  };
}

export async function makeFixtures(ctx: TestContext): Promise<Fixtures> {
  const probe = await ctx.signIn('demo@example.com');
  const countries = await json<{ id: number; name: string }[]>(ctx, 'GET', '/api/countries', probe);
  const countryId = countries[0].id;
  const cityId = (await json<{ id: number }[]>(ctx, 'GET', `/api/countries/${countryId}/cities`, probe))[0].id;
  const sofie = await makeRep(ctx, 'demo@example.com', cityId);
  const jan = await makeRep(ctx, 'collega@example.com', cityId);
  const adminCookie = await ctx.signIn('beheer@example.com');
  const admin = {
    cookie: adminCookie,
    userId: (await json<{ user: { id: number } }>(ctx, 'GET', '/api/me', adminCookie)).user.id,
    personId: (
      await json<{ userId: number }>(ctx, 'POST', '/api/admin/people', adminCookie, {
        login: 'fixture@fc70.example',
        firstName: 'Fien',
        name: 'Fixture',
      })
    ).userId,
    brandId: (await json<{ id: number }>(ctx, 'POST', '/api/admin/brands', adminCookie, { name: 'Fixturemerk' })).id,
    competitorBrandId: (await json<{ id: number }>(ctx, 'POST', '/api/admin/competitor-brands', adminCookie, { name: 'Fixtureconcurrent' }))
      .id,
    seasonId: (
      await json<{ id: number }>(ctx, 'POST', '/api/admin/seasons', adminCookie, {
        name: 'FW25',
        startsOn: '2025-07-01',
        endsOn: '2025-09-30',
      })
    ).id,
    // A shop made in the field (no customer number), for the merge to take away.
    fieldShopId: (
      await json<{ id: number }>(ctx, 'POST', '/api/shops/register', adminCookie, { name: 'Fixtureveldwinkel', countryId, cityId })
    ).id,
  };
  return { sofie, jan, countryId, cityId, admin };
}

export interface WriteSample {
  path: Record<string, number | string>;
  body?: unknown;
}

/** A 64 × 48 JPEG: the body of a photo upload (decision 035). */
export const SMALL_PHOTO = readFileSync(new URL('../test/fixtures/small-photo.jpg', import.meta.url));

/** A valid request for every write route, as `rep` would send it for their own records. */
export function writeSamples(f: Fixtures, rep: Rep): Record<string, WriteSample> {
  const visit = {
    visitDate: '2026-11-23',
    contactTypeId: 1,
    visitTypeId: 1,
    extra: 'fuzz',
    brands: [{ brandId: 1, sellout: 10 }],
    competitorBrandIds: [1],
    brandInterests: [{ brandId: 2, remark: 'x' }],
    todos: [{ name: 'T', toDoTypeId: 1, employeeIds: [rep.employeeId] }],
  };
  return {
    'POST /api/auth/demo': { path: {}, body: { email: 'niemand@example.com' } },
    'POST /api/auth/logout': { path: {} },
    'POST /api/shops': { path: {}, body: { name: 'Fuzzwinkel', contactId: rep.contactId } },
    'POST /api/shops/{id}/prospections': { path: { id: rep.shopId }, body: visit },
    'POST /api/addresses': { path: {}, body: { street1: 'Markt 2', cityId: f.cityId, postalCode: '9000' } },
    'POST /api/contacts': { path: {}, body: { name: 'Iemand', addressId: rep.addressId } },
    'POST /api/shops/register': {
      path: {},
      body: { name: 'Nieuwe winkel', countryId: f.countryId, cityId: f.cityId, street: 'Veldstraat', houseNumber: 3 },
    },
    'PUT /api/prospections/{id}/brands': {
      path: { id: rep.prospectionId },
      body: { ProspectionBrands: [{ brandId: 1, sellout: 20, selloutRemark: 'ok' }] },
    },
    'PUT /api/prospections/{id}/competitorbrands': { path: { id: rep.prospectionId }, body: { CompetitorBrandIds: [1, 2] } },
    'PUT /api/prospections/{id}/brandinterests': {
      path: { id: rep.prospectionId },
      body: { ProspectionBrandInterests: [{ brandId: 1, remark: 'stalen' }] },
    },
    'PUT /api/prospections/{id}/todos': { path: { id: rep.prospectionId }, body: { ToDoIds: [rep.todoId] } },
    'POST /api/prospections': { path: {}, body: { shopId: rep.shopId, visitDate: '2026-11-22', contactTypeId: 1, visitTypeId: 1 } },
    'POST /api/todos': { path: {}, body: { name: 'Nieuwe taak' } },
    'PUT /api/todos/{id}/employees': { path: { id: rep.todoId }, body: { EmployeeIds: [rep.employeeId] } },
    'PATCH /api/todos/{id}': { path: { id: rep.todoId }, body: { toDoStatusId: 2 } },
    'POST /api/prospectionreport': { path: {}, body: { content: 'Nog een rapport' } },
    'PUT /api/prospectionreport/{id}': { path: { id: rep.reportId }, body: { content: 'Gewijzigd rapport' } },
    // The administration's (beheerder only: the suites send these with f.admin.cookie where they mean to pass the role).
    'POST /api/admin/people': { path: {}, body: { login: 'nieuw@fc70.example', firstName: 'Nina', name: 'Nieuw', roles: ['manager'] } },
    'PATCH /api/admin/people/{userId}': { path: { userId: f.admin.personId }, body: { firstName: 'Fien', name: 'Fixture', active: true } },
    'POST /api/admin/brands': { path: {}, body: { name: 'Nieuw merk' } },
    'POST /api/admin/seasons': { path: {}, body: { name: 'SS99', startsOn: '2099-01-01', endsOn: '2099-03-31' } },
    'PUT /api/admin/seasons/{id}': { path: { id: f.admin.seasonId }, body: { name: 'FW25', startsOn: '2025-07-01', endsOn: '2025-10-15' } },
    'DELETE /api/admin/seasons/{id}': { path: { id: f.admin.seasonId } },
    'PATCH /api/admin/brands/{id}': { path: { id: f.admin.brandId }, body: { name: 'Fixturemerk', active: true } },
    'POST /api/admin/brands/{id}/merge': { path: { id: f.admin.brandId }, body: { intoId: 1 } },
    'POST /api/admin/competitor-brands': { path: {}, body: { name: 'Nieuwe concurrent' } },
    'PATCH /api/admin/competitor-brands/{id}': {
      path: { id: f.admin.competitorBrandId },
      body: { name: 'Fixtureconcurrent', active: true },
    },
    'POST /api/admin/competitor-brands/{id}/merge': { path: { id: f.admin.competitorBrandId }, body: { intoId: 1 } },
    // the file is the body (its name and the dry run in the query, which the samples leave to the default).
    'POST /api/admin/imports/shops': { path: {}, body: 'klantnummer;naam;postcode;gemeente\r\nF1;Fuzzwinkel;9000;Gent\r\n' },
    'POST /api/admin/imports/columns': { path: {}, body: 'klantnummer;naam;postcode;gemeente\r\nF1;Fuzzwinkel;9000;Gent\r\n' },
    'POST /api/admin/imports/cities': { path: {}, body: 'postcode;gemeente\r\n9999;Fuzzdorp\r\n' },
    // Into the rep's own shop, which stays: only the fixture's field shop (or a fuzzed id) goes.
    'POST /api/admin/shops/{id}/merge': { path: { id: f.admin.fieldShopId }, body: { intoId: rep.shopId } },
    'GET /api/admin/shops/{id}/merge-candidates': { path: { id: f.admin.fieldShopId } },
    // Planning (decision 028).
    'POST /api/appointments': {
      path: {},
      body: {
        clientId: '6f1c2b1e-3d4a-4b5c-8d9e-0a1b2c3d4e5f',
        name: 'Fuzzafspraak',
        startDate: '2026-12-01T10:00',
        endDate: '2026-12-01T11:00',
      },
    },
    'PATCH /api/appointments/{ref}': {
      path: { ref: rep.appointmentId },
      body: { startDate: '2026-12-02T10:00', endDate: '2026-12-02T11:00', remarks: 'verplaatst' },
    },
    'DELETE /api/appointments/{ref}': { path: { ref: rep.spareAppointmentId } },
    'POST /api/appointments/import': {
      path: {},
      body: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:fuzz-1\r\nDTSTART:20261201T090000Z\r\nDTEND:20261201T100000Z\r\nSUMMARY:Fuzz\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
    },
    'PUT /api/shops/{id}/pipeline/{brandId}': {
      path: { id: rep.shopId, brandId: 1 },
      body: { status: 'not_interested', reason: 'price', nextStep: 'Later terugkomen', nextStepDate: '2026-12-01' },
    },
    'POST /api/calendar/subscription': { path: {} },
    'PUT /api/shops/{id}/here': { path: { id: rep.shopId }, body: { latitude: 51.05, longitude: 3.72, accuracy: 20 } },
    'PUT /api/admin/shops/{id}/place': { path: { id: rep.shopId }, body: { latitude: 51.05, longitude: 3.72 } },
    'PUT /api/me/mail-settings': { path: {}, body: { todo: true, digest: true } },
    // An unknown token: the guard and the fuzzer find a 404 either way.
    'POST /api/mail/unsubscribe/{token}': { path: { token: 'todo.1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' } },
    'DELETE /api/calendar/subscription': { path: {} },
    // Photos (decision 035): the image is the body.
    'PUT /api/prospections/{prospectionId}/photos/{photoId}': {
      path: { prospectionId: rep.prospectionId, photoId: '0b7f3c1e-9a2d-4c5b-8e6f-1a2b3c4d5e6f' },
      body: SMALL_PHOTO,
    },
    'DELETE /api/prospections/{prospectionId}/photos/{photoId}': {
      path: { prospectionId: rep.prospectionId, photoId: '0b7f3c1e-9a2d-4c5b-8e6f-1a2b3c4d5e6f' },
    },
  };
}
