// To-dos: the spec's creation and assignment calls.
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createdId, employeeIds, idParam, todoCreate, todoEmployee } from '@prospectie/contract';
import { z } from 'zod';
import { currentUser } from '../auth/plugin.js';
import type { Db } from '../db/client.js';
import { todos } from '../db/schema.js';
import { HttpError, notFound } from '../plugins/errors.js';
import { listTodoEmployees, replaceTodoEmployees } from '../services/prospections.js';

export const todoRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post('/todos', { schema: { tags: ['todos'], body: todoCreate, response: { 201: createdId } } }, async (request, reply) => {
    const { userId } = currentUser(request);
    const [row] = await db
      .insert(todos)
      .values({ ...request.body, remarks: request.body.remarks ?? null, userCreatedId: userId })
      .returning({ id: todos.id });
    return reply.status(201).send(row);
  });

  app.get(
    '/todos/:id/employees',
    { schema: { tags: ['todos'], params: idParam, response: { 200: z.array(todoEmployee) } } },
    async (request) => {
      const [row] = await db.select({ id: todos.id }).from(todos).where(eq(todos.id, request.params.id));
      if (!row) throw notFound('Taak');
      return (await listTodoEmployees(db, [row.id])).get(row.id) ?? [];
    },
  );

  app.put(
    '/todos/:id/employees',
    { schema: { tags: ['todos'], params: idParam, body: employeeIds, response: { 204: z.null() } } },
    async (request, reply) => {
      const { userId } = currentUser(request);
      await db.transaction(async (tx) => {
        const [row] = await tx.select({ userCreatedId: todos.userCreatedId }).from(todos).where(eq(todos.id, request.params.id));
        if (!row) throw notFound('Taak');
        if (row.userCreatedId !== userId) throw new HttpError(403, 'Enkel wie de taak aanmaakte kan ze toewijzen.');
        await replaceTodoEmployees(tx, request.params.id, request.body.EmployeeIds);
      });
      return reply.status(204).send(null);
    },
  );
};
