// To-do statuses as numbered by the reference rows (docs/decisions/006-todo-statuses.md). Zod-free, like headers.ts.
export const TODO_STATUS = { open: 1, done: 2 } as const;
