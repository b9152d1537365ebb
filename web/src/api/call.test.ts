import type { Appointment, DueShops, ShopPlan } from '@prospectie/contract';
import { deleteAppointment, dueShopsOfMine, shopPlanOf, todaysAppointments } from '@prospectie/contract/endpoints/addresses';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, callPath } from './call';

afterEach(() => vi.unstubAllGlobals());

describe('calling a declared endpoint', () => {
  it('asks its method at its path with the parameters filled in, and answers what the declaration says', async () => {
    const asked: [string, string][] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      asked.push([init.method ?? 'GET', url]);
      return new Response(url.endsWith('/plan') ? '{"nextAppointment":null,"lastVisit":null}' : '[]', { status: 200 });
    });
    // The types follow the declarations: a wrong one does not compile.
    const today: Promise<Appointment[]> = call(todaysAppointments);
    const plan: Promise<ShopPlan> = call(shopPlanOf, { params: { id: 12 } });
    // @ts-expect-error Te bezoeken answers DueShops, not a list of appointments.
    const wrong: Promise<Appointment[]> = call(dueShopsOfMine);
    const due: Promise<DueShops> = call(dueShopsOfMine);
    await Promise.all([today, plan, due, wrong]);
    expect(asked).toEqual([
      ['GET', '/api/me/today'],
      ['GET', '/api/shops/12/plan'],
      ['GET', '/api/me/due-shops'],
      ['GET', '/api/me/due-shops'],
    ]);
  });

  it('encodes what it puts in a path, and refuses a call without a parameter its path needs', () => {
    expect(callPath(deleteAppointment, { params: { ref: 'a/b c' } })).toBe('/appointments/a%2Fb%20c');
    // @ts-expect-error the path needs :id
    expect(() => callPath(shopPlanOf, {})).toThrow(/no value for :id/);
  });
});
