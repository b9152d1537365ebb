// To-dos: the spec's creation and assignment calls, one's own list and a to-do's status. Each endpoint is declared in
// contract/src/endpoints/todos.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '@prospectie/contract/endpoints';
import { currentEmployee, currentUser } from '../auth/plugin.js';
import type { Db } from '../db/client.js';
import { DomainError } from '../errors.js';
import type { TodoMails } from '../services/mail/todoMails.js';
import { createTodo, listEmployeeTodos, setTodoAssignees, setTodoStatus, todoAssignees, whoOf } from '../services/todos.js';
import { route } from './declared.js';

const { assigneesOfTodo, changeTodoStatus, createTodo: create, replaceTodoAssignees, todosOfEmployee } = endpoints;

export const todoRoutes: FastifyPluginAsyncZod<{ db: Db; todoMails: TodoMails }> = async (app, { db, todoMails }) => {
  route(app, create, async (request) => {
    const created = await createTodo(db, whoOf(currentUser(request)), request.body, todoMails);
    todoMails.queued();
    return created;
  });

  route(app, assigneesOfTodo, async (request) => todoAssignees(db, request.params.id));

  route(app, replaceTodoAssignees, async (request) => {
    await setTodoAssignees(db, whoOf(currentUser(request)), request.params.id, request.body.EmployeeIds, todoMails);
    todoMails.queued();
    return null;
  });

  route(app, todosOfEmployee, async (request) => {
    const { employeeId } = currentEmployee(request);
    if (request.params.employeeId !== employeeId) throw new DomainError('not_own_todos', "only one's own to-do list can be read");
    return listEmployeeTodos(db, employeeId, request.query.status);
  });

  route(app, changeTodoStatus, async (request) =>
    setTodoStatus(db, whoOf(currentUser(request)), request.params.id, request.body.toDoStatusId),
  );
};
