// Adding a season or changing one: its name, the first and last day of its pre-order window, and the FC70 brands
// whose window differs, each with its own two days. A refusal shows on the field it concerns, else above the buttons.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Col, Form, Row } from 'react-bootstrap';
import type { Season } from '@prospectie/contract';
import { apiErrorText } from '../../api/errorText';
import { nl } from '../../i18n/nl';
import { nlAdmin } from '../../i18n/nlAdmin';
import { compareDutch } from '../../lib/format';
import { useBrands, useSaveSeason } from './api';
import { FormDialog, refusedField, TextInput } from './parts';
import {
  brandWindowField,
  checkSeason,
  emptyBrandWindow,
  SEASON_NAME_MAX,
  seasonBody,
  seasonValues,
  type BrandWindowValues,
  type SeasonErrors,
  type SeasonValues,
} from './seasonForm';

const t = nlAdmin.seasons;
/** 'dd/mm/jjjj' is ten characters; a little room for spaces typed around it. */
const DAY_MAX = 12;

/** The FC70 brands a window can be for: the active ones, and any the season already names (one deactivated since). */
function useBrandChoices(season?: Season) {
  const brands = useBrands('brands');
  const active = (brands.data ?? []).filter((b) => b.active && !b.mergedInto).map((b) => ({ id: b.id, name: b.name }));
  const named = (season?.brandWindows ?? []).map((w) => ({ id: w.brandId, name: w.brandName }));
  const choices = [...active, ...named.filter((n) => !active.some((a) => a.id === n.id))].sort((a, b) => compareDutch(a.name, b.name));
  return { choices, error: brands.isError ? brands.error : null };
}

/** A field with its label above it: the label names it for screen readers too. */
function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <Form.Group className="mb-3">
      <Form.Label htmlFor={id} className="mb-1">
        {label}
      </Form.Label>
      {children}
    </Form.Group>
  );
}

export function SeasonDialog({
  season,
  onClose,
  onSaved,
}: {
  /** The season to change; absent to add one. */
  season?: Season;
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  const id = useId();
  const save = useSaveSeason();
  const { choices, error: brandsError } = useBrandChoices(season);
  const [values, setValues] = useState<SeasonValues>(() => seasonValues(season));
  const [errors, setErrors] = useState<SeasonErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const addRowButton = useRef<HTMLButtonElement>(null);
  /** The row just added, whose brand gets the focus once it is drawn. */
  const [added, setAdded] = useState<string | null>(null);
  const fieldId = (field: string) => `${id}-${field}`;

  useEffect(() => {
    if (added) document.getElementById(`${id}-${brandWindowField(added, 'brandId')}`)?.focus();
  }, [added, id]);

  /** Forgets the errors of the fields `which` picks (a field typed in again, a row taken away). */
  const forget = (which: (field: string) => boolean) =>
    setErrors((errs) => Object.fromEntries(Object.entries(errs).filter(([field]) => !which(field))));
  const clearError = (field: string) => forget((f) => f === field);
  const set = (field: 'name' | 'startsOn' | 'endsOn') => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    clearError(field);
  };
  const setRow = (key: string, field: keyof Omit<BrandWindowValues, 'key'>, value: string) => {
    setValues((v) => ({ ...v, brandWindows: v.brandWindows.map((w) => (w.key === key ? { ...w, [field]: value } : w)) }));
    clearError(brandWindowField(key, field));
  };
  const addRow = () => {
    const row = emptyBrandWindow();
    setValues((v) => ({ ...v, brandWindows: [...v.brandWindows, row] }));
    setAdded(row.key);
  };
  const removeRow = (key: string) => {
    setValues((v) => ({ ...v, brandWindows: v.brandWindows.filter((w) => w.key !== key) }));
    forget((field) => field.startsWith(`brandWindows.${key}.`));
    addRowButton.current?.focus();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setGeneral(null);
    const found = checkSeason(values);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    save.mutate(
      { id: season?.id, body: seasonBody(values) },
      {
        onSuccess: (saved) => onSaved((season ? t.saved : t.added)(saved.name)),
        onError: (err) => {
          const field = refusedField(err);
          if (field === 'name' || field === 'startsOn' || field === 'endsOn') {
            setErrors({ [field]: apiErrorText(err) });
            document.getElementById(fieldId(field))?.focus();
          } else setGeneral(apiErrorText(err));
        },
      },
    );
  };

  const day = (field: string, value: string, onChange: (value: string) => void) => (
    <TextInput
      id={fieldId(field)}
      value={value}
      onChange={onChange}
      maxLength={DAY_MAX}
      placeholder={t.datePlaceholder}
      inputMode="numeric"
      error={errors[field]}
    />
  );

  const brandName = (brandId: string) => choices.find((c) => String(c.id) === brandId)?.name;
  const required = <span className="text-body-secondary small">({nlAdmin.requiredMark})</span>;
  return (
    <FormDialog
      title={season ? t.editTitle(season.name) : t.addTitle}
      size="lg"
      pending={save.isPending}
      problem={general}
      submitLabel={season ? nlAdmin.save : t.create}
      onSubmit={submit}
      onCancel={onClose}
    >
      <Form.Group className="mb-3">
        <Form.Label htmlFor={fieldId('name')}>
          {t.name} {required}
        </Form.Label>
        <TextInput
          id={fieldId('name')}
          value={values.name}
          onChange={set('name')}
          maxLength={SEASON_NAME_MAX}
          autoFocus
          help={t.nameHelp}
          error={errors.name}
        />
      </Form.Group>
      <Row>
        <Col xs={12} sm={6}>
          <Field id={fieldId('startsOn')} label={t.startsOn}>
            {day('startsOn', values.startsOn, set('startsOn'))}
          </Field>
        </Col>
        <Col xs={12} sm={6}>
          <Field id={fieldId('endsOn')} label={t.endsOn}>
            {day('endsOn', values.endsOn, set('endsOn'))}
          </Field>
        </Col>
      </Row>
      <fieldset aria-describedby={`${id}-windows-help`}>
        <legend className="form-label fs-6 fw-semibold mb-1">{t.brandWindows}</legend>
        <Form.Text id={`${id}-windows-help`} className="d-block mb-2">
          {t.brandWindowsHelp}
        </Form.Text>
        {values.brandWindows.map((w, i) => {
          const brandField = brandWindowField(w.key, 'brandId');
          const titleId = `${id}-window-${w.key}`;
          return (
            // Named by its heading: a legend could not share its line with the button.
            <fieldset key={w.key} className="border rounded px-2 pt-2 mb-2" aria-labelledby={titleId}>
              <div className="d-flex justify-content-between align-items-center gap-2 mb-2">
                <h3 className="h6 mb-0" id={titleId}>
                  {t.brandWindowLegend(i + 1)}
                </h3>
                <Button
                  variant="outline-danger"
                  size="sm"
                  className="action-button"
                  aria-label={t.removeBrandWindowLabel(i + 1, brandName(w.brandId))}
                  onClick={() => removeRow(w.key)}
                >
                  {t.removeBrandWindow}
                </Button>
              </div>
              <Row>
                <Col xs={12} md={4}>
                  <Field id={fieldId(brandField)} label={t.brand}>
                    <Form.Select
                      id={fieldId(brandField)}
                      value={w.brandId}
                      onChange={(e) => setRow(w.key, 'brandId', e.target.value)}
                      isInvalid={!!errors[brandField]}
                      aria-invalid={!!errors[brandField] || undefined}
                      aria-describedby={errors[brandField] ? `${fieldId(brandField)}-error` : undefined}
                    >
                      <option value="">{nl.select.placeholder}</option>
                      {choices.map((c) => (
                        <option key={c.id} value={c.id}>
                          {c.name}
                        </option>
                      ))}
                    </Form.Select>
                    {errors[brandField] && (
                      <Form.Control.Feedback type="invalid" id={`${fieldId(brandField)}-error`}>
                        {errors[brandField]}
                      </Form.Control.Feedback>
                    )}
                  </Field>
                </Col>
                {(['startsOn', 'endsOn'] as const).map((edge) => (
                  <Col key={edge} xs={12} sm={6} md={4}>
                    <Field id={fieldId(brandWindowField(w.key, edge))} label={edge === 'startsOn' ? t.brandStartsOn : t.brandEndsOn}>
                      {day(brandWindowField(w.key, edge), w[edge], (value) => setRow(w.key, edge, value))}
                    </Field>
                  </Col>
                ))}
              </Row>
            </fieldset>
          );
        })}
        {brandsError !== null && (
          <Alert variant="warning" className="py-2 small">
            {apiErrorText(brandsError)}
          </Alert>
        )}
        <Button ref={addRowButton} variant="outline-primary" className="action-button" onClick={addRow}>
          {t.addBrandWindow}
        </Button>
      </fieldset>
    </FormDialog>
  );
}
