// Agenda importeren (decision 028): an .ics file exported from Outlook, sent as it is, with its upload's progress and
// the server's count of added, updated and unchanged appointments (importing the same file twice adds nothing), or how
// many events it passed over when none of the file falls in the window.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Form, ProgressBar } from 'react-bootstrap';
import type { IcsImportResult } from '@prospectie/contract';
import { importAppointments } from '@prospectie/contract/endpoints/addresses';
import { appointmentKeys } from '../../api/appointments';
import { apiErrorText } from '../../api/errorText';
import { upload } from '../../api/upload';
import { CardSection } from '../../components/CardSection';
import { FileField } from '../../components/FileField';
import { useOnline } from '../../offline/useOutbox';
import { nlCalendar } from '../../i18n/nlCalendar';
import { nlPlanning } from '../../i18n/nlPlanning';

/** The server's limit (ICS_MAX_BYTES in contract/src/planning.ts, not imported: it would bring zod into this chunk). */
export const ICS_MAX_MB = 2;

/** Why a chosen file is not sent, or null when it may be. */
export function icsFileProblem(file: File | null): string | null {
  const texts = nlPlanning.import;
  if (!file) return texts.noFile;
  if (!/\.ics$/i.test(file.name)) return texts.notIcs;
  if (file.size > ICS_MAX_MB * 1024 * 1024) return texts.tooLarge(ICS_MAX_MB);
  return null;
}

export function IcsImport() {
  const texts = nlPlanning.import;
  const queryClient = useQueryClient();
  const online = useOnline();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<IcsImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = progress !== null;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setResult(null);
    const problem = online ? icsFileProblem(file) : texts.offline;
    setError(problem);
    if (problem || !file) return;
    setProgress(0);
    try {
      setResult(await upload(importAppointments, file, { contentType: 'text/calendar', onProgress: setProgress }));
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
    } catch (failure) {
      setError(apiErrorText(failure));
    } finally {
      setProgress(null);
    }
  };

  return (
    <CardSection titleId="ics-import-title" title={texts.title} intro={texts.intro} className="h-100">
      <Form noValidate onSubmit={submit}>
        <FileField
          id="ics-file"
          label={texts.file}
          accept=".ics,text/calendar"
          error={error}
          errorId="ics-import-error"
          disabled={busy}
          onChange={(chosen) => {
            setFile(chosen);
            setError(null);
            setResult(null);
          }}
        />
        <Button className="action-button" type="submit" variant="outline-primary" disabled={busy}>
          {busy ? texts.busy : texts.submit}
        </Button>
      </Form>
      {busy && (
        <ProgressBar
          className="mt-3"
          now={Math.round(progress * 100)}
          animated={progress >= 1}
          striped={progress >= 1}
          aria-label={texts.progress}
          label={`${Math.round(progress * 100)}%`}
        />
      )}
      <div role="status" aria-live="polite">
        {result && result.skipped !== undefined && (
          <Alert variant="warning" className="mt-3 mb-0 py-2">
            {nlCalendar.icsNothingInWindow(result.skipped)}
          </Alert>
        )}
        {result && result.skipped === undefined && (
          <Alert variant="success" className="mt-3 mb-0 py-2">
            {texts.result(result.added, result.updated, result.unchanged)}
          </Alert>
        )}
      </div>
      {error && (
        <Alert variant="danger" className="mt-3 mb-0 py-2" id="ics-import-error" role="alert">
          {error}
        </Alert>
      )}
    </CardSection>
  );
}
