// 'Mijn taken': every to-do handed to the signed-in rep, finished or reopened in one tap.
import { useState } from 'react';
import { Alert, Badge, Button, ButtonGroup, Card } from 'react-bootstrap';
import { Link } from 'react-router';
import type { MyTodo } from '@prospectie/contract';
import { TODO_STATUS } from '@prospectie/contract/headers';
import { useMyTodos, useSetTodoStatus } from '../../api/todos';
import { Loading } from '../../components/Loading';
import { LoadError } from '../../components/LoadError';
import { nl } from '../../i18n/nl';

type Filter = 'open' | 'done' | 'all';
const t = nl.todos;
const formatDate = (iso: string) => new Date(iso).toLocaleDateString('nl-BE', { day: 'numeric', month: 'long', year: 'numeric' });

export function filterTodos(todos: MyTodo[], filter: Filter) {
  if (filter === 'all') return todos;
  const status = filter === 'open' ? TODO_STATUS.open : TODO_STATUS.done;
  return todos.filter((todo) => todo.toDoStatusId === status);
}

function TodoCard({ todo, onToggle, busy }: { todo: MyTodo; onToggle: () => void; busy: boolean }) {
  const done = todo.toDoStatusId === TODO_STATUS.done;
  return (
    <Card as="li" className={`mb-2 todo-card${done ? ' todo-done' : ''}`}>
      <Card.Body>
        <div className="d-flex flex-wrap align-items-start gap-2">
          <div className="me-auto todo-text">
            <h2 className="h6 mb-1">{todo.name}</h2>
            {todo.remarks && <p className="mb-1">{todo.remarks}</p>}
            <div className="small text-body-secondary">
              <Badge bg={done ? 'success' : 'secondary'} className="me-2">{t.statusNames[todo.toDoStatusId] ?? todo.toDoStatusId}</Badge>
              {todo.toDoTypeName}
            </div>
          </div>
          <Button
            variant={done ? 'outline-secondary' : 'success'}
            size="sm"
            onClick={onToggle}
            disabled={busy}
            className="todo-toggle"
            aria-label={`${done ? t.reopen : t.markDone}: ${todo.name}`}
          >
            {done ? t.reopen : t.markDone}
          </Button>
        </div>
        <div className="small mt-2 d-flex flex-wrap gap-3">
          {todo.shop ? <Link to={`/shop/${todo.shop.id}`}>{todo.shop.name}</Link> : <span>{t.noShop}</span>}
          {todo.shop && todo.prospectionId && (
            <Link to={`/shop/${todo.shop.id}/prospections/${todo.prospectionId}`} aria-label={`${t.visit} (${todo.shop.name})`}>
              {t.visit}
            </Link>
          )}
          <span className="text-body-secondary">{t.createdBy(todo.creatorName || '?', formatDate(todo.dateCreated))}</span>
        </div>
      </Card.Body>
    </Card>
  );
}

export function TodosPage() {
  const todos = useMyTodos();
  const setStatus = useSetTodoStatus();
  const [filter, setFilter] = useState<Filter>('open');

  if (todos.isPending) return <Loading />;
  // A failed refresh keeps the to-dos shown before (offline cache, weak connection), under the notice.
  const failed = todos.isError && <LoadError error={todos.error} onRetry={() => todos.refetch()} />;
  if (!todos.data) return failed;
  const shown = filterTodos(todos.data, filter);

  return (
    <section>
      {failed}
      <h1 className="h3">{t.title}</h1>
      <div className="my-3" role="group" aria-label={t.filterLabel}>
        <ButtonGroup>
          {(['open', 'done', 'all'] as const).map((f) => (
            <Button key={f} variant={filter === f ? 'primary' : 'outline-primary'} aria-pressed={filter === f} onClick={() => setFilter(f)}>
              {t.filters[f]}
            </Button>
          ))}
        </ButtonGroup>
      </div>
      {setStatus.isError && (
        <Alert variant="danger" dismissible onClose={() => setStatus.reset()}>
          {t.updateFailed}
        </Alert>
      )}
      {shown.length === 0 ? (
        <p className="text-body-secondary">{t.empty[filter]}</p>
      ) : (
        <ul className="list-unstyled">
          {shown.map((todo) => (
            <TodoCard
              key={todo.toDoId}
              todo={todo}
              busy={setStatus.isPending && setStatus.variables?.toDoId === todo.toDoId}
              onToggle={() =>
                setStatus.mutate({
                  toDoId: todo.toDoId,
                  toDoStatusId: todo.toDoStatusId === TODO_STATUS.done ? TODO_STATUS.open : TODO_STATUS.done,
                })
              }
            />
          ))}
        </ul>
      )}
    </section>
  );
}
