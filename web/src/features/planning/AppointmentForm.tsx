// The appointment form (decision 028): date, start, duration (an hour unless changed), title and remarks, and the shop
// where the screen lets the rep choose one. The same form plans a visit from a shop, from Home and on the calendar.
import { useId, useState, type ReactNode } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { nlPlanning } from '../../i18n/nlPlanning';
import {
  checkPlan,
  MAX_DURATION_MINUTES,
  MIN_DURATION_MINUTES,
  type AppointmentFormErrors,
  type AppointmentFormValues,
} from './appointmentRules';

type Field = keyof AppointmentFormErrors;
const FIELD_ORDER: Field[] = ['date', 'start', 'duration', 'title', 'remarks'];

export function AppointmentForm({
  initial,
  onSubmit,
  onCancel,
  submitError,
  renderShop,
}: {
  /** The values the form opens with, or how to make them (made once, when the form mounts). */
  initial: AppointmentFormValues | (() => AppointmentFormValues);
  /** Resolves once saved (or kept for later); a rejection leaves the form as typed. */
  onSubmit: (values: AppointmentFormValues) => Promise<unknown>;
  onCancel: () => void;
  /** Why the last save failed, in the rep's words. */
  submitError?: string | null;
  /** The shop field, where the rep may choose one (the calendar); elsewhere the shop is given. */
  renderShop?: (shop: { id: number; name: string } | null, choose: (shop: { id: number; name: string } | null) => void) => ReactNode;
}) {
  const id = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<AppointmentFormErrors>({});
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);

  const change = (patch: Partial<AppointmentFormValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    // Once the rep tried to save, a field's message goes as soon as she fixed it.
    if (tried) setErrors(checkPlan(next));
  };
  const fieldId = (field: string) => `${id}-${field}`;
  const described = (field: Field, hint?: boolean) =>
    [errors[field] ? `${fieldId(field)}-error` : null, hint ? `${fieldId(field)}-hint` : null].filter(Boolean).join(' ') || undefined;
  const invalid = (field: Field) => ({ isInvalid: !!errors[field], 'aria-invalid': errors[field] ? true : undefined });
  /** What every field's control carries: its value, its error state and description, and the change it makes. */
  const control = (field: Field, hint?: boolean) => ({
    value: values[field],
    ...invalid(field),
    'aria-describedby': described(field, hint),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => change({ [field]: e.target.value }),
  });
  const feedback = (field: Field) =>
    errors[field] && (
      <Form.Control.Feedback type="invalid" id={`${fieldId(field)}-error`}>
        {errors[field]}
      </Form.Control.Feedback>
    );

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setTried(true);
    const found = checkPlan(values);
    setErrors(found);
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    setBusy(true);
    try {
      await onSubmit(values);
    } catch {
      // The screen shows why (submitError); the form keeps what was typed.
    } finally {
      setBusy(false);
    }
  };

  const shop = values.shopId !== null ? { id: values.shopId, name: values.shopName ?? '' } : null;
  const errorCount = Object.keys(errors).length;

  return (
    <Form noValidate onSubmit={submit} className="appointment-form">
      {errorCount > 0 && (
        <Alert variant="warning" role="alert" className="py-2">
          {nlPlanning.form.fixFields}
        </Alert>
      )}
      {renderShop?.(shop, (chosen) => change({ shopId: chosen?.id ?? null, shopName: chosen?.name ?? null }))}
      <div className="row g-2">
        <Form.Group className="col-12 col-sm-4 mb-2" controlId={fieldId('date')}>
          <Form.Label>{nlPlanning.form.date}</Form.Label>
          <Form.Control type="date" {...control('date')} required />
          {feedback('date')}
        </Form.Group>
        <Form.Group className="col-6 col-sm-4 mb-2" controlId={fieldId('start')}>
          <Form.Label>{nlPlanning.form.start}</Form.Label>
          <Form.Control type="time" step={300} {...control('start')} required />
          {feedback('start')}
        </Form.Group>
        <Form.Group className="col-6 col-sm-4 mb-2" controlId={fieldId('duration')}>
          <Form.Label>{nlPlanning.form.duration}</Form.Label>
          <Form.Control
            type="number"
            inputMode="numeric"
            min={MIN_DURATION_MINUTES}
            max={MAX_DURATION_MINUTES}
            step={5}
            {...control('duration', true)}
            required
          />
          <Form.Text id={`${fieldId('duration')}-hint`}>{nlPlanning.form.durationHint}</Form.Text>
          {feedback('duration')}
        </Form.Group>
      </div>
      <Form.Group className="mb-2" controlId={fieldId('title')}>
        <Form.Label>{nlPlanning.form.title}</Form.Label>
        <Form.Control {...control('title', !!values.shopName)} placeholder={values.shopName ?? undefined} />
        {values.shopName && <Form.Text id={`${fieldId('title')}-hint`}>{nlPlanning.form.titleHint(values.shopName)}</Form.Text>}
        {feedback('title')}
      </Form.Group>
      <Form.Group className="mb-3" controlId={fieldId('remarks')}>
        <Form.Label>{nlPlanning.form.remarks}</Form.Label>
        <Form.Control as="textarea" rows={2} {...control('remarks')} />
        {feedback('remarks')}
      </Form.Group>
      {submitError && (
        <Alert variant="danger" role="alert" className="py-2">
          {submitError}
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-2 justify-content-end">
        <Button className="action-button" variant="outline-secondary" onClick={onCancel} disabled={busy}>
          {nlPlanning.cancel}
        </Button>
        <Button className="action-button" type="submit" variant="primary" disabled={busy}>
          {busy ? (
            <>
              <Spinner size="sm" aria-hidden="true" className="me-2" />
              {nlPlanning.saving}
            </>
          ) : (
            nlPlanning.save
          )}
        </Button>
      </div>
    </Form>
  );
}
