import type { MyTodo } from '@prospectie/contract';
import { describe, expect, it } from 'vitest';
import { groupTodos, matchesSearch } from './todoGroups';

const lila = { id: 1, name: 'BOETIEK LILA' };
const marie = { id: 2, name: 'MODE MARIE' };
let nextId = 1;
const todo = (name: string, dateCreated: string, shop: MyTodo['shop'], done = false, extra: Partial<MyTodo> = {}): MyTodo => ({
  toDoId: nextId++,
  name,
  remarks: null,
  toDoTypeId: 4,
  toDoTypeName: 'Andere',
  toDoStatusId: done ? 2 : 1,
  dateCreated,
  userCreatedId: 1,
  creatorName: 'Sofie Janssens',
  shop,
  prospectionId: null,
  ...extra,
});

const todos = [
  todo('Stalen opsturen', '2026-11-01T10:00:00', lila),
  todo('Prijslijst mailen', '2026-11-20T09:00:00', marie),
  todo('Catalogus brengen', '2026-11-10T09:00:00', lila),
  todo('Afspraak maken', '2026-11-22T09:00:00', null),
  todo('Etalage nakijken', '2026-11-21T09:00:00', lila, true),
];
const shape = (groups: ReturnType<typeof groupTodos>) =>
  groups.map((g) => [g.status, g.count, g.shops.map((s) => [s.shop?.name ?? null, s.todos.map((t) => t.name)])]);

describe('Mijn taken, grouped', () => {
  it('shows open to-dos per shop, newest first, the shop with the newest to-do first and those without a shop last', () => {
    expect(shape(groupTodos(todos, 'open', ''))).toEqual([
      [
        'open',
        4,
        [
          ['MODE MARIE', ['Prijslijst mailen']],
          ['BOETIEK LILA', ['Catalogus brengen', 'Stalen opsturen']],
          [null, ['Afspraak maken']],
        ],
      ],
    ]);
  });

  it('keeps open and done apart when showing all, open first', () => {
    expect(groupTodos(todos, 'all', '').map((g) => [g.status, g.count])).toEqual([
      ['open', 4],
      ['done', 1],
    ]);
    expect(shape(groupTodos(todos, 'done', ''))).toEqual([['done', 1, [['BOETIEK LILA', ['Etalage nakijken']]]]]);
  });

  it('finds to-dos by title, description, shop or creator, ignoring case and accents, and leaves out empty groups', () => {
    const withRemarks = [...todos, todo('Bellen', '2026-11-23T09:00:00', marie, false, { remarks: 'Vraag naar de ÉTÉ-collectie' })];
    expect(shape(groupTodos(withRemarks, 'all', 'lila'))).toEqual([
      ['open', 2, [['BOETIEK LILA', ['Catalogus brengen', 'Stalen opsturen']]]],
      ['done', 1, [['BOETIEK LILA', ['Etalage nakijken']]]],
    ]);
    expect(shape(groupTodos(withRemarks, 'all', 'ete collectie'))).toEqual([['open', 1, [['MODE MARIE', ['Bellen']]]]]);
    expect(groupTodos(withRemarks, 'open', 'zzz')).toEqual([]);
    expect(matchesSearch(todos[0], 'sofie stalen')).toBe(true);
  });
});
