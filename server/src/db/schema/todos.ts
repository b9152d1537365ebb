// To-dos, their assignees and the visits they came from (docs/decisions/006-todo-statuses.md).
import { index, integer, pgTable, primaryKey, serial, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, lookupTable } from './columns.js';
import { employees, users } from './people.js';
import { prospections } from './visits.js';

export const todoTypes = lookupTable('todo_types');
export const todoStatuses = lookupTable('todo_statuses');

export const todos = pgTable(
  'todos',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 200 }).notNull(),
    remarks: text('remarks'),
    toDoStatusId: integer('to_do_status_id')
      .notNull()
      .references(() => todoStatuses.id),
    toDoTypeId: integer('to_do_type_id')
      .notNull()
      .references(() => todoTypes.id),
    userCreatedId: integer('user_created_id')
      .notNull()
      .references(() => users.id),
    dateCreated: createdAt(),
  },
  (t) => [index('todos_user_created_idx').on(t.userCreatedId), index('todos_date_created_idx').on(t.dateCreated)],
);

export const todoEmployees = pgTable(
  'todo_employees',
  {
    toDoId: integer('to_do_id')
      .notNull()
      .references(() => todos.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
  },
  (t) => [primaryKey({ columns: [t.toDoId, t.employeeId] }), index('todo_employees_employee_idx').on(t.employeeId)],
);

export const prospectionTodos = pgTable(
  'prospection_todos',
  {
    prospectionId: integer('prospection_id')
      .notNull()
      .references(() => prospections.id, { onDelete: 'cascade' }),
    toDoId: integer('to_do_id')
      .notNull()
      .references(() => todos.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.prospectionId, t.toDoId] }), index('prospection_todos_todo_idx').on(t.toDoId)],
);
