// Logboek (/beheer/logboek): every administrative change, newest first: who, when, what, and each changed
// field before and after; 'Meer laden' fetches the next page.
import { Button, Card, Spinner, Table } from 'react-bootstrap';
import type { AuditEntry } from '@prospectie/contract';
import { waitsForConnection } from '../../api/queryRules';
import { Loading } from '../../components/Loading';
import { NotOnDevice } from '../../components/NotOnDevice';
import { nlAdmin } from '../../i18n/nlAdmin';
import { useAuditLog } from './api';
import { auditChanges, auditSubject, formatAuditTime } from './auditText';
import { AdminLoadError } from './NoAccess';

const t = nlAdmin.log;

function EntryCard({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry);
  return (
    <Card as="li" className="mb-2">
      <Card.Body className="py-2">
        <h2 className="h6 mb-1">
          {t.actions[entry.action] ?? entry.action}: <span className="fw-normal">{auditSubject(entry)}</span>
        </h2>
        <p className="small text-body-secondary mb-2">
          <time dateTime={entry.at}>{formatAuditTime(entry.at)}</time> · {entry.actor ? t.by(entry.actor.name) : t.bySystem}
        </p>
        {changes.length > 0 && (
          <Table size="sm" className="admin-changes mb-0 small">
            <thead>
              <tr>
                <th scope="col">{t.field}</th>
                <th scope="col">{t.before}</th>
                <th scope="col">{t.after}</th>
              </tr>
            </thead>
            <tbody>
              {changes.map((c) => (
                <tr key={c.field}>
                  <th scope="row" className="fw-normal">
                    {c.label}
                  </th>
                  <td className="text-break">{c.before}</td>
                  <td className="text-break">{c.after}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card.Body>
    </Card>
  );
}

export function AuditLogPage() {
  const log = useAuditLog();
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <section aria-labelledby="admin-log-title">
      <h1 className="h3" id="admin-log-title">
        {t.title}
      </h1>
      <p className="text-body-secondary">{t.intro}</p>
      {waitsForConnection(log) ? (
        <NotOnDevice what={nlAdmin.offline} />
      ) : log.isPending ? (
        <Loading text={t.loading} />
      ) : log.isError && !log.data ? (
        <AdminLoadError error={log.error} onRetry={() => log.refetch()} />
      ) : (
        <>
          <p role="status" className="small text-body-secondary mb-2">
            {entries.length === 0 ? t.empty : t.shown(entries.length)}
          </p>
          <ol className="list-unstyled admin-log">
            {entries.map((entry) => (
              <EntryCard key={entry.id} entry={entry} />
            ))}
          </ol>
          {log.isFetchNextPageError && <AdminLoadError error={log.error} onRetry={() => log.fetchNextPage()} />}
          {log.hasNextPage ? (
            <Button
              variant="outline-primary"
              className="action-button"
              onClick={() => log.fetchNextPage()}
              disabled={log.isFetchingNextPage}
            >
              {log.isFetchingNextPage && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
              {log.isFetchingNextPage ? t.loadingMore : t.more}
            </Button>
          ) : (
            entries.length > 0 && <p className="small text-body-secondary">{t.all}</p>
          )}
        </>
      )}
    </section>
  );
}
