// To-dos: the spec's creation and assignment calls.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createdId,
  employeeIds,
  id,
  idParam,
  myTodo,
  myTodosQuery,
  todoCreate,
  todoEmployee,
  todoStatusUpdate,
} from '@prospectie/contract';
import { z } from 'zod';
import { currentEmployee, currentUser } from '../auth/plugin.js';
import type { Db } from '../db/client.js';
import { CONSTRAINT_ERRORS, DomainError } from '../errors.js';
import { createTodo, listEmployeeTodos, setTodoAssignees, setTodoStatus, todoAssignees, whoOf } from '../services/todos.js';

export const todoRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/todos',
    {
      config: { errors: ['todo_without_assignee', ...CONSTRAINT_ERRORS] },
      schema: { tags: ['todos'], body: todoCreate, response: { 201: createdId } },
    },
    async (request, reply) => {
      return reply.status(201).send(await createTodo(db, whoOf(currentUser(request)), request.body));
    },
  );

  app.get(
    '/todos/:id/employees',
    { config: { errors: ['todo_not_found'] }, schema: { tags: ['todos'], params: idParam, response: { 200: z.array(todoEmployee) } } },
    async (request) => todoAssignees(db, request.params.id),
  );

  app.put(
    '/todos/:id/employees',
    {
      config: { errors: ['todo_not_found', 'not_todo_party', ...CONSTRAINT_ERRORS] },
      schema: { tags: ['todos'], params: idParam, body: employeeIds, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await setTodoAssignees(db, whoOf(currentUser(request)), request.params.id, request.body.EmployeeIds);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/employees/:employeeId/todos',
    {
      config: { errors: ['no_employee', 'not_own_todos'] },
      schema: {
        tags: ['todos'],
        description: "The to-dos assigned to the signed-in employee (only one's own list); open first, newest first.",
        params: z.object({ employeeId: id }),
        querystring: myTodosQuery,
        response: { 200: z.array(myTodo) },
      },
    },
    async (request) => {
      const { employeeId } = currentEmployee(request);
      if (request.params.employeeId !== employeeId) throw new DomainError('not_own_todos', "only one's own to-do list can be read");
      return listEmployeeTodos(db, employeeId, request.query.status);
    },
  );

  app.patch(
    '/todos/:id',
    {
      config: { errors: ['todo_not_found', 'not_todo_party', 'unknown_todo_status'] },
      schema: {
        tags: ['todos'],
        description: "Changes a to-do's status (1 open, 2 done); allowed for an assignee or the creator.",
        params: idParam,
        body: todoStatusUpdate,
        response: { 200: z.object({ toDoId: z.number().int(), toDoStatusId: z.number().int() }) },
      },
    },
    async (request) => {
      return setTodoStatus(db, whoOf(currentUser(request)), request.params.id, request.body.toDoStatusId);
    },
  );
};
