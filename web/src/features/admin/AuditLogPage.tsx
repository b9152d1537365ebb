// Logboek (/beheer/logboek): every administrative change, newest first: who, when, what, and each changed
// field before and after (an import run: its file, counts and rows); 'Meer laden' fetches the next page.
import { useState } from 'react';
import { Card, Table } from 'react-bootstrap';
import type { AuditEntry, ImportRow } from '@prospectie/contract';
import { waitsForConnection } from '../../api/queryRules';
import { Loading } from '../../components/Loading';
import { NotOnDevice } from '../../components/NotOnDevice';
import { nlAdmin } from '../../i18n/nlAdmin';
import { useAuditLog } from './api';
import { auditChanges, auditSubject, formatAuditTime, importRunOf, type ImportRun } from './auditText';
import { ImportRows } from './importParts';
import { LoadMore } from './ListPage';
import { AdminLoadError } from './NoAccess';
import { ChangeNotice, RowButton, type Notice } from './parts';
import { mergePairOf, useShopMergeOffer, type MergePair } from './ShopMergeOffer';

const t = nlAdmin.log;

/**
 * An import run: its file, what it did, and its rows on request (thousands of them are drawn only when opened). A row
 * whose field shop is still there (`pending`) offers the merge, until it is done.
 */
function ImportRunDetails({
  run,
  label,
  pending,
  offer,
}: {
  run: ImportRun;
  label: string;
  pending: readonly number[];
  offer: (pair: MergePair) => void;
}) {
  const [open, setOpen] = useState(false);
  const mergeAction = (row: ImportRow) => {
    const pair = mergePairOf(row);
    if (!pair || !pending.includes(pair.fromId)) return null;
    return (
      <div className="mt-1">
        <RowButton
          label={nlAdmin.imports.merge}
          name={nlAdmin.imports.mergeLabel(pair.fromName, pair.intoName)}
          variant="primary"
          onClick={() => offer(pair)}
        />
      </div>
    );
  };
  return (
    <>
      <dl className="admin-import-summary small mb-1">
        <dt>{t.importFile}</dt>
        <dd className="text-break">{run.fileName}</dd>
        {run.country && (
          <>
            <dt>{t.importCountry}</dt>
            <dd>{run.countryCreated ? t.countryCreated(run.country) : run.country}</dd>
          </>
        )}
        <dt>{t.importCounts}</dt>
        <dd>{nlAdmin.imports.counts(run.counts)}</dd>
        {pending.length > 0 && (
          <>
            <dt>{t.pendingMergesTitle}</dt>
            <dd>{t.pendingMerges(pending.length)}</dd>
          </>
        )}
        {run.sha256 && (
          <>
            <dt>{t.importHash}</dt>
            <dd className="text-break font-monospace">{run.sha256}</dd>
          </>
        )}
      </dl>
      {run.rows.length > 0 && (
        <details onToggle={(e) => setOpen(e.currentTarget.open)}>
          <summary>{t.importRows(run.rows.length)}</summary>
          {open && <ImportRows rows={run.rows} kind={run.kind} label={label} action={mergeAction} />}
        </details>
      )}
    </>
  );
}

function EntryCard({ entry, offer }: { entry: AuditEntry; offer: (pair: MergePair) => void }) {
  const run = importRunOf(entry);
  const changes = run ? [] : auditChanges(entry);
  const title = `${t.actions[entry.action] ?? entry.action}: ${auditSubject(entry)}`;
  return (
    <Card as="li" className="mb-2">
      <Card.Body className="py-2">
        <h2 className="h6 mb-1">
          {t.actions[entry.action] ?? entry.action}: <span className="fw-normal">{auditSubject(entry)}</span>
        </h2>
        <p className="small text-body-secondary mb-2">
          <time dateTime={entry.at}>{formatAuditTime(entry.at)}</time> · {entry.actor ? t.by(entry.actor.name) : t.bySystem}
        </p>
        {run && <ImportRunDetails run={run} label={title} pending={entry.pendingMerges ?? []} offer={offer} />}
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
  const [notice, setNotice] = useState<Notice | null>(null);
  // Merged: the log is read again (useMergeShop), so the run no longer offers it.
  const { offer, dialog } = useShopMergeOffer((pair, result) =>
    setNotice({ ok: true, text: nlAdmin.imports.merged(pair.fromName, pair.intoName, result.movedVisits, result.movedAppointments) }),
  );
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
          <ChangeNotice notice={notice} onClose={() => setNotice(null)} />
          <p role="status" className="small text-body-secondary mb-2">
            {entries.length === 0 ? t.empty : t.shown(entries.length)}
          </p>
          <ol className="list-unstyled admin-log">
            {entries.map((entry) => (
              <EntryCard key={entry.id} entry={entry} offer={offer} />
            ))}
          </ol>
          <LoadMore query={log} count={entries.length} allText={t.all} />
        </>
      )}
      {dialog}
    </section>
  );
}
