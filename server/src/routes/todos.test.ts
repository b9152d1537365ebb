import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dbKinds, writeHeaders, type TestContext } from '../test/harness.js';

describe.each(dbKinds)('my to-dos on %s', (kind) => {
  let ctx: TestContext;
  let rep: string; // demo@example.com records the visit and creates the to-do
  let colleague: string; // collega@example.com gets it
  let outsider: string; // a third colleague
  let colleagueId: number;
  let todoId: number;
  let shopId: number;
  let prospectionId: number;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    rep = await ctx.signIn('demo@example.com');
    colleague = await ctx.signIn('collega@example.com');
    const users = (await ctx.app.inject({ url: '/api/users', headers: { cookie: rep } })).json();
    outsider = await ctx.signIn(users.find((u: { login: string }) => u.login.endsWith('@fc70.example')).login);
    colleagueId = (await ctx.app.inject({ url: '/api/me', headers: { cookie: colleague } })).json().employee.id;
    shopId = (await ctx.app.inject({ url: '/api/shops', headers: { cookie: rep } })).json()[0].id;
    const visit = await ctx.app.inject({
      method: 'POST',
      url: `/api/shops/${shopId}/prospections`,
      headers: writeHeaders(rep),
      payload: {
        visitDate: '2026-11-23',
        contactTypeId: 4,
        visitTypeId: 1,
        trends: 't',
        extra: 'e',
        todos: [{ name: 'Catalogus bezorgen', remarks: 'Voor vrijdag', toDoTypeId: 4, employeeIds: [colleagueId] }],
      },
    });
    prospectionId = visit.json().id;
    const todos = (await ctx.app.inject({ url: `/api/prospections/${prospectionId}/todos`, headers: { cookie: rep } })).json();
    todoId = todos[0].toDoId;
  }, 120_000);
  afterAll(async () => ctx?.close());

  const list = (cookie: string, employeeId: number, query = '') =>
    ctx.app.inject({ url: `/api/employees/${employeeId}/todos${query}`, headers: { cookie } });
  const patch = (cookie: string, id: number, payload: unknown) =>
    ctx.app.inject({ method: 'PATCH', url: `/api/todos/${id}`, headers: writeHeaders(cookie), payload: payload as object });

  it('lists exactly the to-dos assigned to the rep, with shop, visit and creator, open first', async () => {
    const res = await list(colleague, colleagueId);
    expect(res.statusCode).toBe(200);
    const todos = res.json();
    const mine = todos.find((t: { toDoId: number }) => t.toDoId === todoId);
    expect(mine).toMatchObject({
      name: 'Catalogus bezorgen',
      remarks: 'Voor vrijdag',
      toDoStatusId: 1,
      creatorName: 'Sofie Janssens',
      shop: { id: shopId },
      prospectionId,
    });
    const statuses = todos.map((t: { toDoStatusId: number }) => t.toDoStatusId);
    expect(statuses).toEqual([...statuses].sort());
    for (const t of todos) {
      const assignees = (await ctx.app.inject({ url: `/api/todos/${t.toDoId}/employees`, headers: { cookie: colleague } })).json();
      expect(assignees.map((a: { id: number }) => a.id)).toContain(colleagueId);
    }
    const open = (await list(colleague, colleagueId, '?status=1')).json();
    expect(open.every((t: { toDoStatusId: number }) => t.toDoStatusId === 1)).toBe(true);
    const done = (await list(colleague, colleagueId, '?status=2')).json();
    expect(done.every((t: { toDoStatusId: number }) => t.toDoStatusId === 2)).toBe(true);
    expect(open.length + done.length).toBe(todos.length);
    expect((await list(colleague, colleagueId, '?status=7')).statusCode).toBe(400);
  });

  it('refuses another rep\u2019s list with 403', async () => {
    expect((await list(rep, colleagueId)).statusCode).toBe(403);
  });

  it('lets the assignee and the creator change the status, and nobody else', async () => {
    const before = await ctx.rowCounts();
    const stranger = await patch(outsider, todoId, { toDoStatusId: 2 });
    expect(stranger.statusCode).toBe(403);
    expect(await ctx.rowCounts()).toEqual(before);
    expect((await list(colleague, colleagueId, '?status=1')).json().some((t: { toDoId: number }) => t.toDoId === todoId)).toBe(true);

    expect((await patch(colleague, todoId, { toDoStatusId: 2 })).json()).toEqual({ toDoId: todoId, toDoStatusId: 2 });
    const detail = (await ctx.app.inject({ url: `/api/prospections/${prospectionId}/todos`, headers: { cookie: rep } })).json();
    expect(detail[0].toDoStatusId).toBe(2);
    expect((await patch(rep, todoId, { toDoStatusId: 1 })).statusCode).toBe(200);
  });

  it('answers 400 for an unknown status and 404 for a missing to-do, writing nothing', async () => {
    const before = await ctx.rowCounts();
    const unknown = await patch(colleague, todoId, { toDoStatusId: 9 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'unknown_todo_status', field: 'body.toDoStatusId' });
    expect((await patch(colleague, todoId, { toDoStatusId: 'klaar' })).statusCode).toBe(400);
    expect((await patch(colleague, 999999, { toDoStatusId: 2 })).statusCode).toBe(404);
    expect(await ctx.rowCounts()).toEqual(before);
    const current = (await list(colleague, colleagueId)).json().find((t: { toDoId: number }) => t.toDoId === todoId);
    expect(current.toDoStatusId).toBe(1);
  });
});
