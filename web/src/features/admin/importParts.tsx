// Pieces both import pages use (Winkels importeren, Landen en steden) and the log shows an import run with: the
// upload's progress and then the server's busy word, the step headings that take the focus, and a run's rows, filtered
// by status and shown a page at a time.
import { useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Badge, Button, ProgressBar, Spinner, Table } from 'react-bootstrap';
import type { ImportRow } from '@prospectie/contract';
import { useNarrowWindow } from '../../hooks/useNarrowWindow';
import { importRefusals, nlAdmin } from '../../i18n/nlAdmin';
import { countRows, filterRows, ROW_FILTERS, ROWS_PER_PAGE, type RowFilter } from './importRules';
import { ListCard } from './parts';

const t = nlAdmin.imports;

/** Where a file's upload is: sending (with the part sent so far), then the server at work. */
export interface UploadState {
  busy: boolean;
  /** 0 to 1 while sending; 1 once the file is there and the server works. */
  progress: number;
  /** Runs `task` with a progress callback; the state follows it until it ends (also when it fails). */
  run: <T>(task: (onProgress: (fraction: number) => void) => Promise<T>) => Promise<T>;
}

export function useUpload(): UploadState {
  const [progress, setProgress] = useState<number | null>(null);
  const run = async <T,>(task: (onProgress: (fraction: number) => void) => Promise<T>) => {
    setProgress(0);
    try {
      return await task(setProgress);
    } finally {
      setProgress(null);
    }
  };
  return { busy: progress !== null, progress: progress ?? 0, run };
}

/** The bar while the file is sent, then the busy word (read out) while the server works on it. */
export function UploadProgress({ upload, working }: { upload: UploadState; working: string }) {
  const sending = upload.busy && upload.progress < 1;
  const percent = Math.round(upload.progress * 100);
  return (
    <>
      {sending && (
        <ProgressBar className="my-3">
          <ProgressBar now={percent} label={`${percent}%`} aria-label={t.sending} />
        </ProgressBar>
      )}
      <div role="status" aria-live="polite" className="my-2">
        {upload.busy && !sending && (
          <span className="d-inline-flex align-items-center gap-2">
            <Spinner animation="border" size="sm" aria-hidden="true" />
            {working}
          </span>
        )}
      </div>
    </>
  );
}

/** A step's heading; with `focus` it takes the focus when the step opens, so a screen reader says where she is. */
export function StepHeading({ focus, children }: { focus: boolean; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // In the commit itself, so the step's heading has the focus the moment it is shown (a passive effect runs a frame
  // later, and a screen reader may already have read the old focus).
  useLayoutEffect(() => {
    if (focus) heading.current?.focus();
    // Only when the step opens: a later change of `focus` is no step change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <h2 className="h5 mt-2" tabIndex={-1} ref={heading}>
      {children}
    </h2>
  );
}

const statusVariant = { new: 'success', changed: 'primary', unchanged: 'secondary', refused: 'danger' } as const;

export function RowStatus({ status }: { status: ImportRow['status'] }) {
  return <Badge bg={statusVariant[status]}>{t.statuses[status]}</Badge>;
}

/** What a row says beside its status: a refusal's reason, a change's before and after, a merge candidate. */
function RowWhat({ row, action }: { row: ImportRow; action?: ReactNode }) {
  const reason = row.reason && importRefusals[row.reason];
  return (
    <>
      {reason && (
        <span className="d-block">
          {reason}
          {row.reason === 'value_too_long' && row.field && ` (${t.fields[row.field]})`}
        </span>
      )}
      {row.changes && (
        <ul className="list-unstyled mb-0">
          {row.changes.map((c) => (
            <li key={c.field} className="text-break">
              {t.changedFields[c.field] ?? c.field}: {c.before ?? t.empty} → {c.after ?? t.empty}
            </li>
          ))}
        </ul>
      )}
      {row.mergeCandidate && (
        <span className="d-block">
          <Badge bg="warning" text="dark" className="me-1">
            {t.duplicateBadge}
          </Badge>
          {t.mergeCandidate(row.mergeCandidate.name)}
        </span>
      )}
      {action}
    </>
  );
}

export type RowKind = 'shops' | 'cities';

const columnsOf = (kind: RowKind) =>
  kind === 'shops' ? ([t.columns.number, t.columns.name] as const) : ([t.columns.postalCode, t.columns.city] as const);

/**
 * A run's rows: buttons to show one status, then at most ROWS_PER_PAGE rows and 'meer tonen' for the next ones (a
 * table on a wide screen, cards on a phone). `action` adds a row's button (the merge after an applied run).
 */
export function ImportRows({
  rows,
  kind,
  label,
  action,
}: {
  rows: ImportRow[];
  kind: RowKind;
  /** Names the list for screen readers (several can be on one page, in the log). */
  label: string;
  action?: (row: ImportRow) => ReactNode;
}) {
  const narrow = useNarrowWindow();
  const [filter, setFilter] = useState<RowFilter>('all');
  const [limit, setLimit] = useState(ROWS_PER_PAGE);
  const counts = useMemo(() => countRows(rows), [rows]);
  const shown = useMemo(() => filterRows(rows, filter), [rows, filter]);
  const page = shown.slice(0, limit);
  const [numberTitle, nameTitle] = columnsOf(kind);
  const filters = ROW_FILTERS.filter((f) => f === 'all' || counts[f] > 0);
  const filterLabel = useId();

  return (
    <section aria-label={label} className="admin-import-rows mt-3">
      {filters.length > 2 && (
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <span id={filterLabel} className="small text-body-secondary">
            {t.statusLabel}
          </span>
          <div role="group" aria-labelledby={filterLabel} className="d-flex flex-wrap gap-2">
            {filters.map((f) => (
              <Button
                key={f}
                className="action-button"
                variant={filter === f ? 'primary' : 'outline-primary'}
                aria-pressed={filter === f}
                onClick={() => {
                  setFilter(f);
                  setLimit(ROWS_PER_PAGE);
                }}
              >
                {t.withCount(f === 'all' ? t.all : t.statuses[f], counts[f])}
              </Button>
            ))}
          </div>
        </div>
      )}
      <p className="small text-body-secondary mb-2" aria-live="polite">
        {shown.length === 0 ? t.noRows : t.shown(page.length, shown.length)}
      </p>
      {page.length > 0 &&
        (narrow ? (
          <ul className="list-unstyled admin-cards">
            {page.map((row) => (
              <ListCard
                key={row.row}
                level={3}
                title={`${t.row(row.row)} · ${row.name ?? t.noName}`}
                status={<RowStatus status={row.status} />}
              >
                {row.externalNumber && (
                  <div className="small">
                    {numberTitle}: {row.externalNumber}
                  </div>
                )}
                <div className="small">
                  <RowWhat row={row} action={action?.(row)} />
                </div>
              </ListCard>
            ))}
          </ul>
        ) : (
          <Table responsive className="admin-table admin-import-table align-middle bg-white small">
            <thead>
              <tr>
                <th scope="col">{t.columns.row}</th>
                <th scope="col">{numberTitle}</th>
                <th scope="col">{nameTitle}</th>
                <th scope="col">{t.columns.status}</th>
                <th scope="col">{t.columns.what}</th>
              </tr>
            </thead>
            <tbody>
              {page.map((row) => (
                <tr key={row.row}>
                  <th scope="row" className="fw-normal">
                    {row.row}
                  </th>
                  <td>{row.externalNumber ?? t.empty}</td>
                  <td className="text-break">{row.name ?? t.empty}</td>
                  <td>
                    <RowStatus status={row.status} />
                  </td>
                  <td>
                    <RowWhat row={row} action={action?.(row)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        ))}
      {shown.length > page.length && (
        <Button variant="outline-primary" className="action-button" onClick={() => setLimit((n) => n + ROWS_PER_PAGE)}>
          {t.more(Math.min(ROWS_PER_PAGE, shown.length - page.length))}
        </Button>
      )}
    </section>
  );
}
