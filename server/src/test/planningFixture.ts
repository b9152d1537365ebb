// The start the planning suites (planning.test.ts, planningToday.test.ts, planningIcsImport.test.ts) share: the demo
// rep and a colleague signed in, their employee ids and the shops, and the calls they make on the API.
import type { Appointment } from '@prospectie/contract';
import { addDays, brusselsNow } from '../services/appointments.js';
import { createTestContext, writeHeaders, type DbKind, type TestContext } from './harness.js';

export const today = brusselsNow().slice(0, 10);
export const day = (offset: number) => addDays(today, offset);

export interface PlanningFixture {
  ctx: TestContext;
  /** demo@example.com: Sofie Janssens. */
  rep: string;
  /** collega@example.com: Jan Maes. */
  colleague: string;
  repId: number;
  colleagueId: number;
  shops: { id: number; name: string }[];
}

export async function planningFixture(kind: DbKind): Promise<PlanningFixture> {
  const ctx = await createTestContext(kind);
  try {
    const rep = await ctx.signIn('demo@example.com');
    const colleague = await ctx.signIn('collega@example.com');
    const repId = (await ctx.app.inject({ url: '/api/me', headers: { cookie: rep } })).json().employee.id;
    const colleagueId = (await ctx.app.inject({ url: '/api/me', headers: { cookie: colleague } })).json().employee.id;
    const shops = (await ctx.app.inject({ url: '/api/shops', headers: { cookie: rep } })).json();
    return { ctx, rep, colleague, repId, colleagueId, shops };
  } catch (err) {
    // A start that fails half-way closes what it opened, as the suites' afterAll would have.
    await ctx.close();
    throw err;
  }
}

/** The planning calls, on the suite's context (read when called: it is made in beforeAll). */
export function planningCalls(context: () => TestContext) {
  const create = (cookie: string, payload: object, headers: Record<string, string> = {}) =>
    context().app.inject({ method: 'POST', url: '/api/appointments', headers: writeHeaders(cookie, headers), payload });
  const patch = (cookie: string, ref: number | string, payload: object, headers: Record<string, string> = {}) =>
    context().app.inject({ method: 'PATCH', url: `/api/appointments/${ref}`, headers: writeHeaders(cookie, headers), payload });
  const remove = (cookie: string, ref: number | string) =>
    context().app.inject({ method: 'DELETE', url: `/api/appointments/${ref}`, headers: writeHeaders(cookie) });
  const appointmentsOf = async (cookie: string, employeeId: number): Promise<Appointment[]> =>
    (await context().app.inject({ url: `/api/employees/${employeeId}/appointments`, headers: { cookie } })).json();
  const visit = (cookie: string, shopId: number, extra: object = {}) =>
    context().app.inject({
      method: 'POST',
      url: `/api/shops/${shopId}/prospections`,
      headers: writeHeaders(cookie),
      payload: { visitDate: today, contactTypeId: 1, visitTypeId: 1, extra: 'gepland bezoek', ...extra },
    });
  return { create, patch, remove, appointmentsOf, visit };
}
