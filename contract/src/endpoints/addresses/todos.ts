// To-dos (../todos.ts): where each is called, without its schemas.
import { at } from './at';

export const createTodo = at('POST', '/todos');
export const assigneesOfTodo = at('GET', '/todos/:id/employees');
export const replaceTodoAssignees = at('PUT', '/todos/:id/employees');
export const todosOfEmployee = at('GET', '/employees/:employeeId/todos');
export const changeTodoStatus = at('PATCH', '/todos/:id');
