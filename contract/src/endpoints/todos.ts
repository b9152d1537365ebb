// The to-do endpoints: the spec's creation and assignment calls, one's own list and a to-do's status.
import { z } from 'zod';
import { endpoint } from '../endpoint';
import * as address from './addresses';
import { CONSTRAINT_ERRORS } from '../errors';
import { id, idParam } from '../ids';
import { createdId, employeeIds, myTodo, myTodosQuery, todoCreate, todoEmployee, todoStatusUpdate } from '../index';

export const createTodo = endpoint({
  ...address.createTodo,
  tags: ['todos'],
  body: todoCreate,
  responses: { 201: createdId },
  errors: ['todo_without_assignee', ...CONSTRAINT_ERRORS],
});

export const assigneesOfTodo = endpoint({
  ...address.assigneesOfTodo,
  tags: ['todos'],
  params: idParam,
  responses: { 200: z.array(todoEmployee) },
  errors: ['todo_not_found'],
});

export const replaceTodoAssignees = endpoint({
  ...address.replaceTodoAssignees,
  tags: ['todos'],
  params: idParam,
  body: employeeIds,
  responses: { 204: z.null() },
  errors: ['todo_not_found', 'not_todo_party', ...CONSTRAINT_ERRORS],
});

export const todosOfEmployee = endpoint({
  ...address.todosOfEmployee,
  tags: ['todos'],
  description: "The to-dos assigned to the signed-in employee (only one's own list); open first, newest first.",
  params: z.object({ employeeId: id }),
  query: myTodosQuery,
  responses: { 200: z.array(myTodo) },
  errors: ['no_employee', 'not_own_todos'],
});

export const changeTodoStatus = endpoint({
  ...address.changeTodoStatus,
  tags: ['todos'],
  description: "Changes a to-do's status (1 open, 2 done); allowed for an assignee or the creator.",
  params: idParam,
  body: todoStatusUpdate,
  responses: { 200: z.object({ toDoId: z.number().int(), toDoStatusId: z.number().int() }) },
  errors: ['todo_not_found', 'not_todo_party', 'unknown_todo_status'],
});
