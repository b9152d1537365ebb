// 'Mijn taken': every to-do handed to the signed-in rep, open and done apart, per shop, newest first,
// with a search box; finished or reopened in one tap. `?taak=<id>` (a mail's link) shows that to-do.
import { useEffect, useRef, useState, type Ref } from 'react';
import { Alert, Badge, Button, ButtonGroup, Card, Form } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router';
import type { MyTodo } from '@prospectie/contract';
import { TODO_STATUS } from '@prospectie/contract/todo-status';
import { waitsForConnection } from '../../api/queryRules';
import { useMyTodos, useSetTodoStatus } from '../../api/todos';
import { Loading } from '../../components/Loading';
import { LoadError } from '../../components/LoadError';
import { NotOnDevicePage } from '../../components/NotOnDevicePage';
import { nl } from '../../i18n/nl';
import { routeId } from '../../lib/routeId';
import { nlTodos } from '../../i18n/nlTodos';
import { groupTodos, type ShopTodos, type StatusTodos, type TodoFilter } from './todoGroups';
import './todos.css';

const t = { ...nl.todos, ...nlTodos };
const formatDate = (iso: string) => new Date(iso).toLocaleDateString('nl-BE', { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * One to-do. The one a mail's link points at (`targetRef`) is outlined, marked as the current item for screen
 * readers and labelled 'Deze taak'; it takes the focus when it is shown.
 */
function TodoCard({
  todo,
  onToggle,
  busy,
  targetRef,
}: {
  todo: MyTodo;
  onToggle: () => void;
  busy: boolean;
  targetRef?: Ref<HTMLLIElement>;
}) {
  const done = todo.toDoStatusId === TODO_STATUS.done;
  const target = targetRef !== undefined;
  return (
    <Card
      as="li"
      ref={targetRef}
      className={`mb-2 todo-card${done ? ' todo-done' : ''}${target ? ' todo-target' : ''}`}
      aria-current={target || undefined}
      tabIndex={target ? -1 : undefined}
    >
      <Card.Body className="py-2">
        {target && (
          <Badge bg="primary" className="mb-1">
            {t.target}
          </Badge>
        )}
        <h4 className="h6 fw-bold mb-1 todo-title">{todo.name}</h4>
        {todo.remarks && <p className="mb-1">{todo.remarks}</p>}
        <div className="small text-body-secondary">
          <Badge bg={done ? 'success' : 'secondary'} className="me-2">
            {t.statusNames[todo.toDoStatusId] ?? todo.toDoStatusId}
          </Badge>
          {todo.toDoTypeName} · {t.createdBy(todo.creatorName || '?', formatDate(todo.dateCreated))}
        </div>
        <div className="d-flex flex-wrap align-items-center column-gap-3 mt-1">
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
          {todo.shop && todo.prospectionId && (
            <Link
              className="todo-link small"
              to={`/shop/${todo.shop.id}/prospections/${todo.prospectionId}`}
              aria-label={`${t.visit} (${todo.shop.name})`}
            >
              {t.visit}
            </Link>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}

function ShopGroup({ group, status, render }: { group: ShopTodos; status: string; render: (todo: MyTodo) => React.ReactNode }) {
  const id = `todos-${status}-shop-${group.shop?.id ?? 'none'}`;
  return (
    <section aria-labelledby={id} className="todo-shop mb-3">
      <h3 id={id} className="h6 d-flex align-items-center gap-2 mb-1">
        {group.shop ? (
          <Link className="todo-link fw-semibold" to={`/shop/${group.shop.id}`}>
            {group.shop.name}
          </Link>
        ) : (
          <span className="todo-link">{t.noShop}</span>
        )}
        <Badge bg="light" text="dark" pill aria-label={t.countLabel(group.todos.length)}>
          {group.todos.length}
        </Badge>
      </h3>
      <ul className="list-unstyled mb-0">{group.todos.map(render)}</ul>
    </section>
  );
}

function StatusSection({ group, render }: { group: StatusTodos; render: (todo: MyTodo) => React.ReactNode }) {
  const id = `todos-${group.status}`;
  return (
    <section aria-labelledby={id} className="mb-4">
      <h2 id={id} className="h5 border-bottom pb-1">
        {t.groupTitles[group.status](group.count)}
      </h2>
      {group.shops.map((shop) => (
        <ShopGroup key={shop.shop?.id ?? 'none'} group={shop} status={group.status} render={render} />
      ))}
    </section>
  );
}

export function TodosPage() {
  const todos = useMyTodos();
  const setStatus = useSetTodoStatus();
  const [params] = useSearchParams();
  const targetId = routeId(params.get('taak') ?? undefined);
  const target = targetId === undefined ? undefined : todos.data?.find((todo) => todo.toDoId === targetId);
  // Open to-dos first, unless the one she came for is done already: then all, so it is there.
  const [chosenFilter, setFilter] = useState<TodoFilter | null>(null);
  if (chosenFilter === null && todos.data) setFilter(target?.toDoStatusId === TODO_STATUS.done ? 'all' : 'open');
  const filter = chosenFilter ?? 'open';
  const [query, setQuery] = useState('');
  const targetCard = useRef<HTMLLIElement>(null);
  const shownTarget = target?.toDoId;
  // In the middle of the screen, below the sticky header; then the focus, so a screen reader starts there. 'instant':
  // Bootstrap makes the page's scrolling smooth, which would glide past every to-do above it.
  useEffect(() => {
    if (shownTarget === undefined) return;
    targetCard.current?.scrollIntoView({ block: 'center', behavior: 'instant' });
    targetCard.current?.focus({ preventScroll: true });
  }, [shownTarget]);

  if (waitsForConnection(todos)) return <NotOnDevicePage what={nlTodos.notOnDevice} />;
  if (todos.isPending) return <Loading />;
  // A failed refresh keeps the to-dos shown before (offline cache, weak connection), under the notice.
  const failed = todos.isError && <LoadError error={todos.error} onRetry={() => todos.refetch()} />;
  if (!todos.data) return failed;
  const groups = groupTodos(todos.data, filter, query);
  const renderTodo = (todo: MyTodo) => (
    <TodoCard
      key={todo.toDoId}
      todo={todo}
      targetRef={todo.toDoId === shownTarget ? targetCard : undefined}
      busy={setStatus.isPending && setStatus.variables?.toDoId === todo.toDoId}
      onToggle={() =>
        setStatus.mutate({
          toDoId: todo.toDoId,
          toDoStatusId: todo.toDoStatusId === TODO_STATUS.done ? TODO_STATUS.open : TODO_STATUS.done,
        })
      }
    />
  );

  return (
    <section>
      {failed}
      <h1 className="h3">{t.title}</h1>
      {targetId !== undefined && !target && (
        <Alert variant="info" className="my-2">
          {t.targetMissing}
        </Alert>
      )}
      <div className="d-flex flex-wrap align-items-end gap-3 my-3">
        <div role="group" aria-label={t.filterLabel}>
          <ButtonGroup>
            {(['open', 'done', 'all'] as const).map((f) => (
              <Button
                key={f}
                className="action-button"
                variant={filter === f ? 'primary' : 'outline-primary'}
                aria-pressed={filter === f}
                onClick={() => setFilter(f)}
              >
                {t.filters[f]}
              </Button>
            ))}
          </ButtonGroup>
        </div>
        <Form.Group controlId="todo-search" className="todo-search">
          <Form.Label className="mb-1">{t.searchLabel}</Form.Label>
          <Form.Control type="search" value={query} placeholder={t.searchPlaceholder} onChange={(e) => setQuery(e.target.value)} />
        </Form.Group>
      </div>
      {setStatus.isError && (
        <Alert variant="danger" dismissible onClose={() => setStatus.reset()}>
          {t.updateFailed}
        </Alert>
      )}
      {groups.length === 0 ? (
        <p className="text-body-secondary">{query.trim() ? t.noMatch(query.trim()) : t.empty[filter]}</p>
      ) : (
        groups.map((group) => <StatusSection key={group.status} group={group} render={renderTodo} />)
      )}
    </section>
  );
}
