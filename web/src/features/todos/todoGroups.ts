// How 'Mijn taken' orders a long list: open and done apart, then per shop, newest first,
// narrowed by what the rep types in the search box.
import type { MyTodo } from '@prospectie/contract';
import { TODO_STATUS } from '@prospectie/contract/todo-status';
import { foldForSearch } from '../../lib/foldForSearch';

export type TodoFilter = 'open' | 'done' | 'all';
export type TodoStatusGroup = 'open' | 'done';

export interface ShopTodos {
  /** null: to-dos that belong to no shop. */
  shop: MyTodo['shop'];
  todos: MyTodo[];
}

export interface StatusTodos {
  status: TodoStatusGroup;
  count: number;
  shops: ShopTodos[];
}

const isDone = (todo: MyTodo) => todo.toDoStatusId === TODO_STATUS.done;
const newestFirst = (a: MyTodo, b: MyTodo) => b.dateCreated.localeCompare(a.dateCreated) || b.toDoId - a.toDoId;

/** Every typed word appears in the to-do's title, description, shop, type or creator (case and accents ignored). */
export function matchesSearch(todo: MyTodo, query: string): boolean {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = foldForSearch([todo.name, todo.remarks, todo.shop?.name, todo.toDoTypeName, todo.creatorName].filter(Boolean).join(' '));
  return words.every((word) => haystack.includes(word));
}

/**
 * The to-dos the filter and search leave, as open then done; in each, one group per shop (the shop with the
 * newest to-do first, to-dos without a shop last) with its to-dos newest first. Empty groups are left out.
 */
export function groupTodos(todos: MyTodo[], filter: TodoFilter, query: string): StatusTodos[] {
  const statuses: TodoStatusGroup[] = filter === 'all' ? ['open', 'done'] : [filter];
  return statuses
    .map((status) => {
      const shown = todos.filter((t) => (status === 'done') === isDone(t) && matchesSearch(t, query)).sort(newestFirst);
      const byShop = new Map<number | null, ShopTodos>();
      for (const todo of shown) {
        const key = todo.shop?.id ?? null;
        if (!byShop.has(key)) byShop.set(key, { shop: todo.shop, todos: [] });
        byShop.get(key)!.todos.push(todo);
      }
      const shops = [...byShop.values()].sort((a, b) => Number(a.shop === null) - Number(b.shop === null));
      return { status, count: shown.length, shops };
    })
    .filter((group) => group.count > 0);
}
