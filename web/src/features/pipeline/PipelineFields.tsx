// A brand's status, why a shop said no and the next step with its day (decision 066): the fields the shop page's
// dialog and the wizard's 'Merken opvolgen' both show, so they ask the same way. Controlled: the caller keeps the values.
import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { NOT_INTERESTED_REASONS, PIPELINE_STATUSES, type NotInterestedReason, type PipelineStatus } from '@prospectie/contract/pipeline';
import { TEXT_LIMITS } from '@prospectie/contract/limits';
import { nlPipeline } from '../../i18n/nlPipeline';

/** As typed: '' is nothing chosen. `Status` is PipelineStatus where a status must be chosen (no `unsetStatus`). */
export interface PipelineFieldValues<Status extends PipelineStatus | '' = PipelineStatus | ''> {
  status: Status;
  reason: NotInterestedReason | '';
  reasonText: string;
  nextStep: string;
  nextStepDate: string;
}

/** A field's Dutch message, shown under it and tied to it for screen readers. */
export type PipelineFieldErrors = Partial<Record<'reason' | 'reasonText' | 'nextStep', string>>;

/** One field with its label above it and its message, if any, under it. */
function Field({
  id,
  label,
  className,
  compact,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  className: string;
  compact: boolean;
  error?: string;
  children: ReactNode;
}) {
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label className={compact ? 'small mb-1' : undefined}>{label}</Form.Label>
      {children}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </Form.Group>
  );
}

/** What marks a field in error for screen readers too: its message is its description. */
const invalid = (id: string, error: string | undefined) => ({
  isInvalid: Boolean(error),
  'aria-invalid': Boolean(error) || undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

export function PipelineFields<Status extends PipelineStatus | ''>({
  id,
  value,
  onChange,
  errors = {},
  unsetStatus,
  requiredMark,
  compact = false,
}: {
  /** Begins every field's id: unique on the page, so several brands' fields can stand on one. */
  id: string;
  value: PipelineFieldValues<Status>;
  onChange: (change: Partial<PipelineFieldValues<Status>>) => void;
  errors?: PipelineFieldErrors;
  /** The choice of no status, first in the list; without it a status must be chosen. */
  unsetStatus?: string;
  /** How the screen marks a field that must be filled, after the reason's label. */
  requiredMark?: ReactNode;
  /** Within a longer form: small labels, and fields side by side on a wider screen. Else one under the other. */
  compact?: boolean;
}) {
  const t = nlPipeline.dialog;
  const column = (wider: string) => (compact ? `col-12 ${wider}` : 'col-12');
  const ids = {
    status: `${id}-status`,
    reason: `${id}-reason`,
    reasonText: `${id}-reasonText`,
    nextStep: `${id}-nextStep`,
    nextStepDate: `${id}-nextStepDate`,
  };
  return (
    <div className={compact ? 'row g-2' : 'row g-3'}>
      <Field id={ids.status} label={t.status} className={column('col-sm-6')} compact={compact}>
        <Form.Select value={value.status} onChange={(e) => onChange({ status: e.target.value as Status })}>
          {unsetStatus !== undefined && <option value="">{unsetStatus}</option>}
          {PIPELINE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {nlPipeline.status[status]}
            </option>
          ))}
        </Form.Select>
      </Field>
      {value.status === 'not_interested' && (
        <>
          <Field
            id={ids.reason}
            label={
              <>
                {t.reason}
                {requiredMark}
              </>
            }
            className={column('col-sm-6')}
            compact={compact}
            error={errors.reason}
          >
            <Form.Select
              value={value.reason}
              required
              {...invalid(ids.reason, errors.reason)}
              onChange={(e) => onChange({ reason: e.target.value as NotInterestedReason | '' })}
            >
              <option value="">{t.reasonPick}</option>
              {NOT_INTERESTED_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {nlPipeline.reason[reason]}
                </option>
              ))}
            </Form.Select>
          </Field>
          <Field id={ids.reasonText} label={t.reasonText} className="col-12" compact={compact} error={errors.reasonText}>
            <Form.Control
              as="textarea"
              rows={2}
              maxLength={TEXT_LIMITS.reasonText}
              value={value.reasonText}
              {...invalid(ids.reasonText, errors.reasonText)}
              onChange={(e) => onChange({ reasonText: e.target.value })}
            />
          </Field>
        </>
      )}
      <Field id={ids.nextStep} label={t.nextStep} className={column('col-sm-8')} compact={compact} error={errors.nextStep}>
        <Form.Control
          maxLength={TEXT_LIMITS.nextStep}
          placeholder={t.nextStepPlaceholder}
          value={value.nextStep}
          {...invalid(ids.nextStep, errors.nextStep)}
          onChange={(e) => onChange({ nextStep: e.target.value })}
        />
      </Field>
      <Field id={ids.nextStepDate} label={t.nextStepDate} className={column('col-sm-4')} compact={compact}>
        <Form.Control type="date" value={value.nextStepDate} onChange={(e) => onChange({ nextStepDate: e.target.value })} />
      </Field>
    </div>
  );
}
