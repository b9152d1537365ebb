// To-dos: the spec's creation and assignment calls.
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createdId, employeeIds, id, idParam, myTodo, myTodosQuery, todoCreate, todoEmployee, todoStatusUpdate } from '@prospectie/contract';
import { z } from 'zod';
import { currentEmployee, currentUser } from '../auth/plugin.js';
import type { Db } from '../db/client.js';
import { todos } from '../db/schema.js';
import { CONSTRAINT_ERRORS, DomainError } from '../errors.js';
import { listEmployeeTodos, listTodoEmployees, replaceTodoEmployees, setTodoStatus } from '../services/todos.js';

export const todoRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post('/todos', { config: { errors: ['todo_without_assignee', ...CONSTRAINT_ERRORS] }, schema: { tags: ['todos'], body: todoCreate, response: { 201: createdId } } }, async (request, reply) => {
    const user = currentUser(request);
    const { employeeIds: chosen, ...fields } = request.body;
    // Every to-do has someone to follow it up (issue 20): without a choice, whoever creates it.
    const assignees = chosen ?? (user.employee ? [user.employee.id] : []);
    if (assignees.length === 0) throw new DomainError('todo_without_assignee', 'a to-do needs at least one assignee', 'body.employeeIds');
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(todos)
        .values({ ...fields, remarks: fields.remarks ?? null, userCreatedId: user.userId })
        .returning({ id: todos.id });
      await replaceTodoEmployees(tx, created.id, assignees);
      return created;
    });
    return reply.status(201).send(row);
  });

  app.get(
    '/todos/:id/employees',
    { config: { errors: ['todo_not_found'] }, schema: { tags: ['todos'], params: idParam, response: { 200: z.array(todoEmployee) } } },
    async (request) => {
      const [row] = await db.select({ id: todos.id }).from(todos).where(eq(todos.id, request.params.id));
      if (!row) throw new DomainError('todo_not_found', 'to-do not found');
      return (await listTodoEmployees(db, [row.id])).get(row.id) ?? [];
    },
  );

  app.put(
    '/todos/:id/employees',
    { config: { errors: ['todo_not_found', 'not_todo_party', ...CONSTRAINT_ERRORS] }, schema: { tags: ['todos'], params: idParam, body: employeeIds, response: { 204: z.null() } } },
    async (request, reply) => {
      const user = currentUser(request);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ userCreatedId: todos.userCreatedId })
          .from(todos)
          .where(eq(todos.id, request.params.id))
          .for('update');
        if (!row) throw new DomainError('todo_not_found', 'to-do not found');
        const assignees = (await listTodoEmployees(tx, [request.params.id])).get(request.params.id) ?? [];
        const isAssignee = !!user.employee && assignees.some((e) => e.id === user.employee!.id);
        if (row.userCreatedId !== user.userId && !isAssignee) {
          throw new DomainError('not_todo_party', 'only the creator or an assignee may change a to-do');
        }
        await replaceTodoEmployees(tx, request.params.id, request.body.EmployeeIds);
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/employees/:employeeId/todos',
    {
      config: { errors: ['no_employee', 'not_own_todos'] },
      schema: {
        tags: ['todos'],
        description: 'The to-dos assigned to the signed-in employee (only one\'s own list); open first, newest first.',
        params: z.object({ employeeId: id }),
        querystring: myTodosQuery,
        response: { 200: z.array(myTodo) },
      },
    },
    async (request) => {
      const { employeeId } = currentEmployee(request);
      if (request.params.employeeId !== employeeId) throw new DomainError('not_own_todos', 'only one\'s own to-do list can be read');
      return listEmployeeTodos(db, employeeId, request.query.status);
    },
  );

  app.patch(
    '/todos/:id',
    {
      config: { errors: ['todo_not_found', 'not_todo_party', 'unknown_todo_status'] },
      schema: {
        tags: ['todos'],
        description: 'Changes a to-do\'s status (1 open, 2 done); allowed for an assignee or the creator.',
        params: idParam,
        body: todoStatusUpdate,
        response: { 200: z.object({ toDoId: z.number().int(), toDoStatusId: z.number().int() }) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return setTodoStatus(db, { userId: user.userId, employeeId: user.employee?.id ?? null }, request.params.id, request.body.toDoStatusId);
    },
  );
};
