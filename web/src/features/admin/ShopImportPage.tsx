// Winkels importeren (/beheer/importeren, decision 030): a file from the ERP, its columns mapped to the shop's fields,
// a dry run listing what would change, then the applied run; a field shop that looks like an imported one can then
// be merged into it. One step at a time; nothing is written before Toepassen, and that is one transaction.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Badge, Button, Form } from 'react-bootstrap';
import { SHOP_IMPORT_FIELDS, type ImportColumns, type ImportReport, type ImportRow, type ShopImportField } from '@prospectie/contract';
import { FileField } from '../../components/FileField';
import { nlAdmin } from '../../i18n/nlAdmin';
import { importShops, readColumns, refreshAfterImport } from './importApi';
import { ImportRows, StepHeading, UploadProgress, useUpload } from './importParts';
import {
  IMPORT_ACCEPT,
  importErrorText,
  importFileProblem,
  initialMapping,
  isRequired,
  mappingParam,
  missingRequired,
  writesSomething,
  type MappingChoice,
} from './importRules';
import { ChangeNotice, PendingButton, RowButton, type Notice } from './parts';
import { mergePairOf, useShopMergeOffer } from './ShopMergeOffer';

const t = nlAdmin.imports;

type Step =
  | { name: 'file' }
  | { name: 'mapping'; file: File; columns: ImportColumns }
  | { name: 'preview' | 'applied'; file: File; columns: ImportColumns; report: ImportReport };

const STEPS = ['file', 'mapping', 'preview', 'applied'] as const;

/** Where she is: the four steps, the current one marked. */
function StepList({ current }: { current: Step['name'] }) {
  const at = STEPS.indexOf(current);
  return (
    <ol className="admin-steps" aria-label={t.stepsLabel}>
      {STEPS.map((step, i) => (
        <li key={step} aria-current={i === at ? 'step' : undefined} className={i < at ? 'done' : i === at ? 'current' : undefined}>
          {t.steps[step]}
        </li>
      ))}
    </ol>
  );
}

function MappingFields({
  columns,
  mapping,
  showMissing,
  onChange,
}: {
  columns: string[];
  mapping: MappingChoice;
  showMissing: boolean;
  onChange: (field: ShopImportField, column: string) => void;
}) {
  const missing = showMissing ? missingRequired(mapping) : [];
  const titled = columns.filter((c) => c.trim() !== '');
  return (
    <div className="admin-mapping">
      {SHOP_IMPORT_FIELDS.map((field) => {
        const invalid = missing.includes(field);
        return (
          <Form.Group key={field} controlId={`import-map-${field}`}>
            <Form.Label className="mb-1">
              {t.fields[field]}
              {isRequired(field) && <span className="text-body-secondary"> ({nlAdmin.requiredMark})</span>}
            </Form.Label>
            <Form.Select
              value={mapping[field] ?? ''}
              required={isRequired(field)}
              isInvalid={invalid}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `import-map-${field}-error` : undefined}
              onChange={(e) => onChange(field, e.target.value)}
            >
              <option value="">{t.noColumn}</option>
              {titled.map((column) => (
                <option key={column} value={column}>
                  {column}
                </option>
              ))}
            </Form.Select>
            {invalid && (
              <Form.Control.Feedback type="invalid" id={`import-map-${field}-error`}>
                {t.mappingMissing(t.fields[field])}
              </Form.Control.Feedback>
            )}
          </Form.Group>
        );
      })}
    </div>
  );
}

export function ShopImportPage() {
  const queryClient = useQueryClient();
  const upload = useUpload();
  const [step, setStep] = useState<Step>({ name: 'file' });
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<MappingChoice>({});
  const [showMissing, setShowMissing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [merged, setMerged] = useState<ReadonlySet<number>>(new Set());
  const [notice, setNotice] = useState<Notice>(null);
  // The first step's heading takes the focus only when she comes back to it, not when the page opens.
  const [moved, setMoved] = useState(false);
  const go = (next: Step) => {
    setMoved(true);
    setError(null);
    setStep(next);
  };

  const readFile = async (event: React.FormEvent) => {
    event.preventDefault();
    if (upload.busy) return;
    const problem = importFileProblem(file);
    setError(problem);
    if (problem || !file) return;
    try {
      const columns = await upload.run((onProgress) => readColumns(file, onProgress));
      setMapping(initialMapping(columns.columns, columns.mapping));
      setShowMissing(false);
      go({ name: 'mapping', file, columns });
    } catch (failure) {
      setError(importErrorText(failure));
    }
  };

  const run = async (dryRun: boolean) => {
    if (step.name === 'file' || upload.busy) return;
    setError(null);
    try {
      const report = await upload.run((onProgress) => importShops(step.file, { dryRun, mapping: mappingParam(mapping) }, onProgress));
      if (!dryRun) {
        refreshAfterImport(queryClient, 'shops');
        setMerged(new Set());
        setNotice(null);
      }
      go({ ...step, name: dryRun ? 'preview' : 'applied', report });
    } catch (failure) {
      setError(importErrorText(failure));
    }
  };

  const check = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing = missingRequired(mapping);
    setShowMissing(true);
    if (missing.length) {
      event.currentTarget.querySelector<HTMLSelectElement>(`#import-map-${missing[0]}`)?.focus();
      return;
    }
    void run(true);
  };

  const startAgain = () => {
    setFile(null);
    go({ name: 'file' });
  };

  const { offer, dialog: mergeDialog } = useShopMergeOffer((pair, result) => {
    setMerged((done) => new Set(done).add(pair.fromId));
    setNotice({ ok: true, text: t.merged(pair.fromName, pair.intoName, result.movedVisits, result.movedAppointments) });
  });

  const mergeAction = (row: ImportRow) => {
    if (!row.mergeCandidate || row.shopId === undefined) return null;
    return (
      <div className="mt-1">
        {merged.has(row.mergeCandidate.shopId) ? (
          <Badge bg="success">{t.mergedBadge}</Badge>
        ) : (
          <RowButton
            label={t.merge}
            name={t.mergeLabel(row.mergeCandidate.name, row.name ?? '')}
            variant="primary"
            onClick={() => offer(mergePairOf(row)!)}
          />
        )}
      </div>
    );
  };

  const errorAlert = error && (
    <Alert variant="danger" role="alert" className="my-3">
      {error}
    </Alert>
  );

  return (
    <section aria-labelledby="admin-import-title">
      <h1 className="h3" id="admin-import-title">
        {t.title}
      </h1>
      <p className="text-body-secondary">{t.intro}</p>
      <StepList current={step.name} />

      {step.name === 'file' && (
        <Form noValidate onSubmit={readFile} className="admin-import-step">
          <StepHeading focus={moved}>{t.steps.file}</StepHeading>
          <FileField
            id="import-file"
            label={t.file}
            hint={t.fileHelp}
            accept={IMPORT_ACCEPT}
            error={error}
            disabled={upload.busy}
            onChange={(chosen) => {
              setFile(chosen);
              setError(null);
            }}
          />
          <PendingButton type="submit" pending={upload.busy}>
            {t.readColumns}
          </PendingButton>
          <UploadProgress upload={upload} working={t.reading} />
        </Form>
      )}

      {step.name === 'mapping' && (
        <Form noValidate onSubmit={check} className="admin-import-step">
          <StepHeading focus>{t.steps.mapping}</StepHeading>
          <p className="mb-1 text-break">{t.columnsOf(step.file.name, step.columns.rowCount)}</p>
          <p className="small text-body-secondary">{t.mappingIntro}</p>
          <MappingFields
            columns={step.columns.columns}
            mapping={mapping}
            showMissing={showMissing}
            onChange={(field, column) => setMapping((m) => ({ ...m, [field]: column || undefined }))}
          />
          {errorAlert}
          <div className="d-flex flex-wrap gap-2 mt-3">
            <Button variant="outline-primary" className="action-button" disabled={upload.busy} onClick={startAgain}>
              {t.otherFile}
            </Button>
            <PendingButton type="submit" pending={upload.busy}>
              {t.check}
            </PendingButton>
          </div>
          <UploadProgress upload={upload} working={t.checking} />
        </Form>
      )}

      {step.name === 'preview' && (
        <div className="admin-import-step">
          <StepHeading focus>{t.previewOf(step.report.fileName)}</StepHeading>
          <p className="fw-semibold mb-2">{t.counts(step.report.counts)}</p>
          <Alert variant="info" role="note" className="py-2">
            {writesSomething(step.report.counts) ? t.previewNote : t.nothingToApply}
          </Alert>
          {errorAlert}
          <div className="d-flex flex-wrap gap-2 mb-2">
            <Button
              variant="outline-primary"
              className="action-button"
              disabled={upload.busy}
              onClick={() => go({ ...step, name: 'mapping' })}
            >
              {t.backToMapping}
            </Button>
            {writesSomething(step.report.counts) ? (
              <PendingButton pending={upload.busy} onClick={() => void run(false)}>
                {t.apply}
              </PendingButton>
            ) : (
              <Button variant="outline-primary" className="action-button" onClick={startAgain}>
                {t.again}
              </Button>
            )}
          </div>
          <UploadProgress upload={upload} working={t.applying} />
          <ImportRows rows={step.report.rows} kind="shops" label={t.previewOf(step.report.fileName)} />
        </div>
      )}

      {step.name === 'applied' && (
        <div className="admin-import-step">
          <StepHeading focus>{t.appliedOf(step.report.fileName)}</StepHeading>
          <Alert variant="success" role="status" className="py-2">
            {t.applied(step.report.counts)}
          </Alert>
          <ChangeNotice notice={notice} onClose={() => setNotice(null)} />
          <Button variant="outline-primary" className="action-button mb-3" onClick={startAgain}>
            {t.again}
          </Button>
          <ImportRows rows={step.report.rows} kind="shops" label={t.appliedOf(step.report.fileName)} action={mergeAction} />
        </div>
      )}

      {mergeDialog}
    </section>
  );
}
