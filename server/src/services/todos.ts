// To-dos: a rep's own list (those assigned to her), a to-do's status and its assignees.
import { and, asc, desc, eq, exists, inArray, sql } from 'drizzle-orm';
import type { todoCreate } from '@prospectie/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client.js';
import { employees, prospections, prospectionTodos, shops, todoEmployees, todos, todoStatuses, todoTypes } from '../db/schema.js';
import { DomainError } from '../errors.js';
import { employeeName } from './people.js';
import { NO_TODO_MAILS, queueTodoMailsIn, type TodoMails } from './mail/todoMails.js';

/** Who is asking, as the to-do rules need it. */
export type Who = { userId: number; employeeId: number | null };
export const whoOf = (user: { userId: number; employee: { id: number } | null }): Who => ({
  userId: user.userId,
  employeeId: user.employee?.id ?? null,
});

/**
 * A new to-do and its assignees, in one transaction; without a choice it goes to whoever creates it. Each assignee
 * other than her gets a mail, queued in the same transaction.
 */
export async function createTodo(db: Db, who: Who, input: z.output<typeof todoCreate>, mails: TodoMails = NO_TODO_MAILS) {
  const { employeeIds: chosen, ...fields } = input;
  const assignees = chosen ?? (who.employeeId ? [who.employeeId] : []);
  if (assignees.length === 0) throw new DomainError('todo_without_assignee', 'a to-do needs at least one assignee', 'body.employeeIds');
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(todos)
      .values({ ...fields, remarks: fields.remarks ?? null, userCreatedId: who.userId })
      .returning({ id: todos.id });
    await replaceTodoEmployees(tx, created.id, assignees);
    await queueTodoMailsIn(tx, mails, created.id, assignees, who.employeeId);
    return created;
  });
}

export async function todoAssignees(db: Db, toDoId: number) {
  const [row] = await db.select({ id: todos.id }).from(todos).where(eq(todos.id, toDoId));
  if (!row) throw new DomainError('todo_not_found', 'to-do not found');
  return (await listTodoEmployees(db, [row.id])).get(row.id) ?? [];
}

/** Hands a to-do on: its creator or one of its assignees may. Those new to it get a mail. */
export async function setTodoAssignees(db: Db, who: Who, toDoId: number, employeeIds: number[], mails: TodoMails = NO_TODO_MAILS) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ userCreatedId: todos.userCreatedId }).from(todos).where(eq(todos.id, toDoId)).for('update');
    if (!row) throw new DomainError('todo_not_found', 'to-do not found');
    const assignees = (await listTodoEmployees(tx, [toDoId])).get(toDoId) ?? [];
    const isAssignee = who.employeeId !== null && assignees.some((e) => e.id === who.employeeId);
    if (row.userCreatedId !== who.userId && !isAssignee) {
      throw new DomainError('not_todo_party', 'only the creator or an assignee may change a to-do');
    }
    await replaceTodoEmployees(tx, toDoId, employeeIds);
    const before = new Set(assignees.map((e) => e.id));
    await queueTodoMailsIn(
      tx,
      mails,
      toDoId,
      employeeIds.filter((id) => !before.has(id)),
      who.employeeId,
    );
  });
}

/** How many to-dos an employee has, and how many of them are open: one count, whatever their number. */
export async function countEmployeeTodos(db: Db, employeeId: number, openStatus: number) {
  const [row] = await db
    .select({
      all: sql<number>`count(*)::int`,
      open: sql<number>`(count(*) filter (where ${todos.toDoStatusId} = ${openStatus}))::int`,
    })
    .from(todoEmployees)
    .innerJoin(todos, eq(todos.id, todoEmployees.toDoId))
    .where(eq(todoEmployees.employeeId, employeeId));
  return { all: Number(row?.all ?? 0), open: Number(row?.open ?? 0) };
}

export async function listEmployeeTodos(db: Db, employeeId: number, status?: number) {
  const creator = db
    .$with('creator')
    .as(db.select({ userId: employees.userId, firstName: employees.firstName, name: employees.name }).from(employees));
  const rows = await db
    .with(creator)
    .select({
      toDoId: todos.id,
      name: todos.name,
      remarks: todos.remarks,
      toDoTypeId: todos.toDoTypeId,
      toDoTypeName: todoTypes.name,
      toDoStatusId: todos.toDoStatusId,
      dateCreated: todos.dateCreated,
      userCreatedId: todos.userCreatedId,
      creatorFirstName: creator.firstName,
      creatorName: creator.name,
      shopId: shops.id,
      shopName: shops.name,
      prospectionId: prospections.id,
    })
    .from(todoEmployees)
    .innerJoin(todos, eq(todos.id, todoEmployees.toDoId))
    .innerJoin(todoTypes, eq(todoTypes.id, todos.toDoTypeId))
    .leftJoin(creator, eq(creator.userId, todos.userCreatedId))
    .leftJoin(prospectionTodos, eq(prospectionTodos.toDoId, todos.id))
    .leftJoin(prospections, eq(prospections.id, prospectionTodos.prospectionId))
    .leftJoin(shops, eq(shops.id, prospections.shopId))
    .where(and(eq(todoEmployees.employeeId, employeeId), status ? eq(todos.toDoStatusId, status) : undefined))
    .orderBy(asc(todos.toDoStatusId), desc(todos.dateCreated), desc(todos.id));
  const seen = new Set<number>();
  return rows
    .filter((r) => !seen.has(r.toDoId) && seen.add(r.toDoId))
    .map(({ creatorFirstName, creatorName, shopId, shopName, ...r }) => ({
      ...r,
      creatorName: employeeName({ firstName: creatorFirstName, name: creatorName }),
      shop: shopId !== null && shopName !== null ? { id: shopId, name: shopName } : null,
    }));
}

/** The assignee or the creator may change a to-do's status. */
export async function setTodoStatus(db: Db, who: Who, toDoId: number, toDoStatusId: number) {
  return db.transaction(async (tx) => {
    const [todo] = await tx
      .select({
        userCreatedId: todos.userCreatedId,
        assigned: who.employeeId
          ? exists(
              tx
                .select({ one: sql`1` })
                .from(todoEmployees)
                .where(and(eq(todoEmployees.toDoId, todos.id), eq(todoEmployees.employeeId, who.employeeId))),
            )
          : sql<boolean>`false`,
      })
      .from(todos)
      .where(eq(todos.id, toDoId))
      .for('update');
    if (!todo) throw new DomainError('todo_not_found', 'to-do not found');
    if (todo.userCreatedId !== who.userId && !todo.assigned) {
      throw new DomainError('not_todo_party', 'only the creator or an assignee may change a to-do');
    }
    const [status] = await tx.select({ id: todoStatuses.id }).from(todoStatuses).where(eq(todoStatuses.id, toDoStatusId));
    if (!status) throw new DomainError('unknown_todo_status', `unknown status ${toDoStatusId}`, 'body.toDoStatusId');
    await tx.update(todos).set({ toDoStatusId }).where(eq(todos.id, toDoId));
    return { toDoId, toDoStatusId };
  });
}

/** The assignees of each to-do, by name. */
export async function listTodoEmployees(db: Db | Tx, todoIds: number[]) {
  if (todoIds.length === 0) return new Map<number, { id: number; name: string }[]>();
  const rows = await db
    .select({ toDoId: todoEmployees.toDoId, id: employees.id, firstName: employees.firstName, name: employees.name })
    .from(todoEmployees)
    .innerJoin(employees, eq(employees.id, todoEmployees.employeeId))
    .where(inArray(todoEmployees.toDoId, todoIds))
    .orderBy(asc(employees.name), asc(employees.firstName));
  const byTodo = new Map<number, { id: number; name: string }[]>();
  for (const r of rows) {
    const list = byTodo.get(r.toDoId) ?? [];
    list.push({ id: r.id, name: employeeName(r) });
    byTodo.set(r.toDoId, list);
  }
  return byTodo;
}

export async function replaceTodoEmployees(tx: Tx, toDoId: number, ids: number[]) {
  await tx.delete(todoEmployees).where(eq(todoEmployees.toDoId, toDoId));
  const rows = [...new Set(ids)].map((employeeId) => ({ toDoId, employeeId }));
  if (rows.length) await tx.insert(todoEmployees).values(rows);
}
