import { CardSection } from '../../components/CardSection';
import { nlOverview as t } from '../../i18n/nlOverview';
import { useOverviewFigure } from './api';
import { Figure } from './Figure';
import type { OverviewView } from './period';
import { SimpleTable } from './SimpleTable';
import { formatCount } from '../../lib/format';

/** To-dos per assignee: open, done and the oldest open one's age. */
export function Todos({ view, own }: { view: OverviewView; own: boolean }) {
  const todos = useOverviewFigure('todos', view.query, own);
  return (
    <CardSection titleId="overview-todos" title={t.todos.title} className="mb-3">
      <Figure query={todos}>
        {(d) =>
          d.assignees.length === 0 ? (
            <p className="text-body-secondary mb-0">{t.todos.none}</p>
          ) : (
            <SimpleTable
              caption={t.todos.perAssignee}
              head={[t.todos.assignee, t.todos.open, t.todos.done, t.todos.oldest]}
              rows={d.assignees.map((a) => [
                a.employeeName,
                formatCount(a.open),
                formatCount(a.done),
                a.oldestOpenDays === null ? '' : formatCount(a.oldestOpenDays),
              ])}
            />
          )
        }
      </Figure>
    </CardSection>
  );
}
