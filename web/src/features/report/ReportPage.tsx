// The rep's one sample report: read it, write it the first time, edit it later. Notices are alerts on the page.
import { useState } from 'react';
import { TEXT_LIMITS } from '@prospectie/contract/limits';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import type { ProspectionReport } from '@prospectie/contract';
import { ApiError } from '../../api/client';
import { waitsForConnection } from '../../api/queryRules';
import { useOwnReport } from '../../api/reports';
import { useMe } from '../../api/session';
import { Loading } from '../../components/Loading';
import { LoadError } from '../../components/LoadError';
import { NotOnDevice } from '../../components/NotOnDevice';
import { useUnsavedChangesGuard } from '../../hooks/useUnsavedChangesGuard';
import { nl } from '../../i18n/nl';
import { nlReport } from '../../i18n/nlReport';
import { useSaveReport } from './api';

const t = nlReport;

type Notice = { variant: 'success' | 'danger'; text: string };

function ReportEditor({ employeeId, report }: { employeeId: number; report: ProspectionReport | null }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  // Set by a save of empty content, cleared as soon as she types.
  const [emptyRefused, setEmptyRefused] = useState(false);
  const save = useSaveReport(employeeId);
  const editing = draft !== null;
  const guard = useUnsavedChangesGuard(editing && draft !== (report?.content ?? '') && !save.isPending);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (draft === null) return;
    setNotice(null);
    // An empty report is not a sample; saving one would also stop Home from suggesting to write it.
    if (!draft.trim()) {
      setEmptyRefused(true);
      return;
    }
    save.mutate(
      { existing: report, content: draft },
      {
        onSuccess: () => {
          setDraft(null);
          setNotice({ variant: 'success', text: report ? t.updated : t.created });
        },
        onError: (err) =>
          setNotice({
            variant: 'danger',
            // Unreachable server: the save did not get as far as creating or updating.
            text: err instanceof ApiError && err.isNetwork ? t.saveFailed : report ? t.updateFailed : t.createFailed,
          }),
      },
    );
  };

  return (
    <>
      {notice && (
        <Alert variant={notice.variant} dismissible closeLabel={t.close} onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      {editing ? (
        <Form onSubmit={submit} noValidate>
          <Form.Group controlId="report-content" className="mb-3">
            <Form.Label className="visually-hidden">{t.label}</Form.Label>
            <Form.Control
              as="textarea"
              rows={12}
              value={draft}
              placeholder={t.placeholder}
              maxLength={TEXT_LIMITS.report}
              onChange={(e) => {
                setDraft(e.target.value);
                setEmptyRefused(false);
              }}
              isInvalid={emptyRefused}
              aria-invalid={emptyRefused || undefined}
              aria-describedby={emptyRefused ? 'report-content-error' : undefined}
              autoFocus
            />
            {emptyRefused && (
              <Form.Control.Feedback type="invalid" id="report-content-error">
                {t.emptyRefused}
              </Form.Control.Feedback>
            )}
          </Form.Group>
          <div className="d-flex flex-wrap gap-2">
            <Button type="submit" variant="primary" className="action-button flex-grow-1 flex-sm-grow-0" disabled={save.isPending}>
              {save.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
              {report ? t.update : t.save}
            </Button>
            <Button variant="outline-primary" className="action-button" onClick={() => setDraft(null)} disabled={save.isPending}>
              {t.cancel}
            </Button>
          </div>
        </Form>
      ) : (
        <>
          {report ? (
            <div className="card card-body mb-3 pre-line text-break" data-testid="report-content">
              {report.content}
            </div>
          ) : (
            <p className="text-body-secondary">{t.empty}</p>
          )}
          <Button
            variant="primary"
            className="action-button"
            onClick={() => {
              setNotice(null);
              setEmptyRefused(false);
              setDraft(report?.content ?? '');
            }}
          >
            {report ? t.editReport : t.newReport}
          </Button>
        </>
      )}
      {guard}
    </>
  );
}

export function ReportPage() {
  const me = useMe();
  const employeeId = me.data?.employee?.id;
  const report = useOwnReport(employeeId);

  return (
    <section>
      <h1 className="h3">{t.title}</h1>
      <p>{t.explanation}</p>
      {employeeId === undefined ? (
        <Alert variant="warning">{nl.auth.userNotFound}</Alert>
      ) : waitsForConnection(report) ? (
        <NotOnDevice what={nlReport.notOnDevice} />
      ) : report.isPending ? (
        <Loading text={t.loading} />
      ) : report.isError ? (
        <LoadError error={report.error} onRetry={() => report.refetch()} />
      ) : (
        <ReportEditor employeeId={employeeId} report={report.data} />
      )}
    </section>
  );
}
