import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyTodo } from '@prospectie/contract';
import { meQueryKey } from '../../api/session';
import { json, renderRoutes } from '../../test/renderPage';
import { TodosPage } from './TodosPage';

const me = {
  user: { id: 2, login: 'collega@example.com' },
  employee: { id: 12, firstName: 'Jan', name: 'Maes' },
  authMode: 'demo',
  roles: ['medewerker'],
};

const todo = (toDoId: number, name: string, extra: Partial<MyTodo> = {}): MyTodo => ({
  toDoId,
  name,
  remarks: null,
  toDoTypeId: 4,
  toDoTypeName: 'Opvolging',
  toDoStatusId: 1,
  dateCreated: `2026-11-${10 + toDoId}T09:00:00Z`,
  userCreatedId: 1,
  creatorName: 'Sofie Janssens',
  shop: { id: 3, name: 'Mode Hélène' },
  prospectionId: 40,
  ...extra,
});

const scrolled = vi.fn();
beforeEach(() => {
  scrolled.mockClear();
  // jsdom lays nothing out: it has no scrollIntoView of its own.
  Element.prototype.scrollIntoView = scrolled;
});
afterEach(() => vi.unstubAllGlobals());

function serveTodos(todos: MyTodo[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      new URL(url, 'http://localhost').pathname === '/api/employees/12/todos' ? json(200, todos) : json(404, {}),
    ),
  );
}

const openTodos = (address: string) => renderRoutes([{ path: '/taken', element: <TodosPage /> }], [address], [[meQueryKey, me]]);

describe('Mijn taken opened from a mail (?taak=)', () => {
  it('shows that to-do outlined, named for screen readers, scrolled to and focused', async () => {
    serveTodos([todo(1, 'Catalogus sturen'), todo(2, 'Stalen bezorgen'), todo(3, 'Bellen')]);
    openTodos('/taken?taak=2');
    const card = (await screen.findByRole('heading', { name: 'Stalen bezorgen' })).closest('li')!;
    expect(card).toHaveClass('todo-target');
    expect(card).toHaveAttribute('aria-current', 'true');
    expect(within(card).getByText('Deze taak')).toBeVisible();
    expect(card).toHaveFocus();
    expect(scrolled).toHaveBeenCalledWith({ block: 'center', behavior: 'instant' });
    expect(scrolled.mock.contexts).toContain(card);
    const other = screen.getByRole('heading', { name: 'Bellen' }).closest('li')!;
    expect(other).not.toHaveAttribute('aria-current');
    expect(screen.queryByText('Deze taak staat niet (meer) op je lijst.')).not.toBeInTheDocument();
  });

  it('shows all to-dos when the one she came for is done already', async () => {
    serveTodos([todo(1, 'Catalogus sturen'), todo(2, 'Stalen bezorgen', { toDoStatusId: 2 })]);
    openTodos('/taken?taak=2');
    const card = (await screen.findByRole('heading', { name: 'Stalen bezorgen' })).closest('li')!;
    expect(card).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Alle' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.queryByRole('heading', { name: 'Stalen bezorgen' })).not.toBeInTheDocument();
  });

  it('says so when that to-do is not (or no longer) on her list', async () => {
    serveTodos([todo(1, 'Catalogus sturen')]);
    openTodos('/taken?taak=99');
    expect(await screen.findByText('Deze taak staat niet (meer) op je lijst.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Catalogus sturen' }).closest('li')).not.toHaveAttribute('aria-current');
    expect(scrolled).not.toHaveBeenCalled();
  });

  it('marks nothing without ?taak=', async () => {
    serveTodos([todo(1, 'Catalogus sturen')]);
    openTodos('/taken');
    await screen.findByRole('heading', { name: 'Catalogus sturen' });
    expect(screen.queryByText('Deze taak')).not.toBeInTheDocument();
    expect(screen.queryByText(/staat niet \(meer\) op je lijst/)).not.toBeInTheDocument();
  });
});
