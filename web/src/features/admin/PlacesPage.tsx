// Landen en steden (/beheer/landen, decision 030): the countries, and a country's cities and postal codes from a file
// (columns postcode and gemeente): checked first, then applied; a country typed anew is made when applied.
import { useQueryClient } from '@tanstack/react-query';
import { TEXT_LIMITS } from '@prospectie/contract/limits';
import { useState } from 'react';
import { Alert, Col, Form, Row } from 'react-bootstrap';
import type { ImportReport } from '@prospectie/contract';
import { waitsForConnection } from '../../api/queryRules';
import { CardSection } from '../../components/CardSection';
import { FileField } from '../../components/FileField';
import { Loading } from '../../components/Loading';
import { NotOnDevice } from '../../components/NotOnDevice';
import { foldForSearch } from '../../lib/foldForSearch';
import { nlAdmin } from '../../i18n/nlAdmin';
import { importCities, refreshAfterImport, useCountries } from './importApi';
import { ImportRows, StepHeading, UploadProgress, useUpload } from './importParts';
import { IMPORT_ACCEPT, importErrorText, importFileProblem, writesSomething } from './importRules';
import { AdminLoadError } from './NoAccess';
import { PendingButton, TextInput } from './parts';

const t = nlAdmin.places;
const ti = nlAdmin.imports;

/** Countries compared as the server does: without case, accents and extra spaces. */
const sameCountry = (a: string, b: string) => foldForSearch(a.trim().replace(/\s+/g, ' ')) === foldForSearch(b.trim().replace(/\s+/g, ' '));

interface Run {
  file: File;
  country: string;
  report: ImportReport;
}

function CountryList() {
  const countries = useCountries();
  if (waitsForConnection(countries)) return <NotOnDevice what={nlAdmin.offline} />;
  if (countries.isPending) return <Loading text={t.loading} />;
  if (countries.isError) return <AdminLoadError error={countries.error} onRetry={() => countries.refetch()} />;
  const sorted = [...countries.data].sort((a, b) => a.name.localeCompare(b.name, 'nl'));
  return (
    <>
      <p className="small text-body-secondary mb-2">{t.countryCount(sorted.length)}</p>
      <ul className="mb-0 admin-countries">
        {sorted.map((c) => (
          <li key={c.id}>{c.name}</li>
        ))}
      </ul>
    </>
  );
}

export function PlacesPage() {
  const queryClient = useQueryClient();
  const countries = useCountries();
  const upload = useUpload();
  const [country, setCountry] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<{ country?: string; file?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [run, setRun] = useState<Run | null>(null);
  const [applied, setApplied] = useState(false);

  const typed = country.trim();
  const isNew = typed !== '' && countries.isSuccess && !countries.data.some((c) => sameCountry(c.name, typed));
  /** A change of the country or the file makes the last check stale. */
  const forget = () => {
    setRun(null);
    setApplied(false);
    setError(null);
  };

  const check = async (event: React.FormEvent) => {
    event.preventDefault();
    if (upload.busy) return;
    const found = { country: typed ? undefined : t.noCountry, file: importFileProblem(file) ?? undefined };
    setProblems(found);
    forget();
    if (found.country || found.file || !file) {
      document.getElementById(found.country ? 'places-country' : 'places-file')?.focus();
      return;
    }
    try {
      const report = await upload.run((onProgress) => importCities(file, { country: typed, dryRun: true }, onProgress));
      setRun({ file, country: typed, report });
    } catch (failure) {
      setError(importErrorText(failure));
    }
  };

  const apply = async () => {
    if (!run || upload.busy) return;
    setError(null);
    try {
      const report = await upload.run((onProgress) => importCities(run.file, { country: run.country, dryRun: false }, onProgress));
      refreshAfterImport(queryClient, 'cities');
      setRun({ ...run, report });
      setApplied(true);
    } catch (failure) {
      setError(importErrorText(failure));
    }
  };

  return (
    <section aria-labelledby="admin-places-title">
      <h1 className="h3" id="admin-places-title">
        {t.title}
      </h1>
      <p className="text-body-secondary">{t.intro}</p>
      <Row className="g-3">
        <Col lg={4}>
          <CardSection titleId="admin-countries-title" title={t.countries}>
            <CountryList />
          </CardSection>
        </Col>
        <Col lg={8}>
          <CardSection titleId="admin-cities-title" title={t.importTitle} intro={t.importIntro}>
            <Form noValidate onSubmit={check}>
              <Form.Group className="mb-3 admin-add-field">
                <Form.Label htmlFor="places-country">{t.country}</Form.Label>
                <TextInput
                  id="places-country"
                  value={country}
                  maxLength={TEXT_LIMITS.name}
                  list="places-country-list"
                  error={problems.country}
                  help={isNew ? t.newCountry(typed) : t.countryHelp}
                  onChange={(value) => {
                    setCountry(value);
                    setProblems((p) => ({ ...p, country: undefined }));
                    forget();
                  }}
                />
                <datalist id="places-country-list">
                  {countries.data?.map((c) => (
                    <option key={c.id} value={c.name} />
                  ))}
                </datalist>
              </Form.Group>
              <FileField
                id="places-file"
                label={ti.file}
                hint={ti.fileHelp}
                accept={IMPORT_ACCEPT}
                error={problems.file ?? null}
                disabled={upload.busy}
                onChange={(chosen) => {
                  setFile(chosen);
                  setProblems((p) => ({ ...p, file: undefined }));
                  forget();
                }}
              />
              <PendingButton type="submit" pending={upload.busy && !run} disabled={upload.busy}>
                {ti.check}
              </PendingButton>
            </Form>
            <UploadProgress upload={upload} working={run ? ti.applying : ti.checking} />
            {error && (
              <Alert variant="danger" role="alert" className="my-3">
                {error}
              </Alert>
            )}
            {run && (
              <div className="admin-import-step mt-4" key={applied ? 'applied' : 'preview'}>
                <StepHeading focus>{applied ? ti.appliedOf(run.report.fileName) : ti.previewOf(run.report.fileName)}</StepHeading>
                {applied ? (
                  <Alert variant="success" role="status" className="py-2">
                    {ti.applied(run.report.counts)}
                  </Alert>
                ) : (
                  <>
                    <p className="fw-semibold mb-2">{ti.counts(run.report.counts)}</p>
                    <Alert variant="info" role="note" className="py-2">
                      {writesSomething(run.report.counts) ? ti.previewNote : t.nothingToApply}
                    </Alert>
                    {writesSomething(run.report.counts) && (
                      <div className="mb-2">
                        <PendingButton pending={upload.busy} onClick={() => void apply()}>
                          {ti.apply}
                        </PendingButton>
                      </div>
                    )}
                  </>
                )}
                <ImportRows
                  rows={run.report.rows}
                  kind="cities"
                  label={applied ? ti.appliedOf(run.report.fileName) : ti.previewOf(run.report.fileName)}
                />
              </div>
            )}
          </CardSection>
        </Col>
      </Row>
    </section>
  );
}
