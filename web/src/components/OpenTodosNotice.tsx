// Home's line 'Je hebt N open taken', hidden when there are none.
import { Link } from 'react-router';
import { useOpenTodoCount } from '../api/todos';
import { nl } from '../i18n/nl';

export function OpenTodosNotice() {
  const open = useOpenTodoCount();
  if (!open) return null;
  return (
    <p className="alert alert-info d-flex flex-wrap align-items-center gap-2">
      <span className="me-auto">{nl.todos.openCount(open)}</span>
      <Link to="/taken" className="btn btn-sm btn-primary action-button">
        {nl.todos.title}
      </Link>
    </p>
  );
}
