// The start the API suites (api.test.ts, apiWrites.test.ts, apiVisitSubmit.test.ts) share: the demo rep signed in, a
// shop of the demo data with visits and its newest visit, and a to-do of hers.
import { createTestContext, writeHeaders, type DbKind, type TestContext } from './harness.js';

/** An id no row has. */
export const MISSING = 999999;

export interface ApiFixture {
  ctx: TestContext;
  cookie: string;
  me: { user: { id: number }; employee: { id: number; firstName: string } };
  shopId: number;
  prospectionId: number;
  todoId: number;
}

export async function apiFixture(kind: DbKind): Promise<ApiFixture> {
  const ctx = await createTestContext(kind);
  try {
    return await started(ctx);
  } catch (err) {
    // A start that fails half-way closes what it opened, as the suites' afterAll would have.
    await ctx.close();
    throw err;
  }
}

async function started(ctx: TestContext): Promise<ApiFixture> {
  const cookie = await ctx.signIn();
  const me = (await ctx.app.inject({ url: '/api/me', headers: { cookie } })).json();
  let shopId = 0;
  let prospectionId = 0;
  const shops = (await ctx.app.inject({ url: '/api/shops', headers: { cookie } })).json();
  for (const s of shops) {
    const visits = (await ctx.app.inject({ url: `/api/shops/${s.id}/prospections`, headers: { cookie } })).json();
    if (visits.length) {
      shopId = s.id;
      prospectionId = visits[0].id;
      break;
    }
  }
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/todos',
    payload: { name: 'Eigen taak' },
    headers: writeHeaders(cookie),
  });
  const todoId = created.json().id;
  return { ctx, cookie, me, shopId, prospectionId, todoId };
}
