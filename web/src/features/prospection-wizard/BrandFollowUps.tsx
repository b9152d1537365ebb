// Opvolging's 'Merken opvolgen' (decision 066): per FC70 brand the visit names, a status the rep sets herself (or none,
// and the visit's evidence decides), why a shop said no, and the next step.
import { Form } from 'react-bootstrap';
import { useFormContext, useWatch } from 'react-hook-form';
import type { NamedItem } from '@prospectie/contract';
import { NOT_INTERESTED_REASONS, PIPELINE_STATUSES } from '@prospectie/contract/pipeline';
import { nlPipeline } from '../../i18n/nlPipeline';
import { nlWizard } from '../../i18n/nlWizard';
import { FieldError, RequiredMark } from './fields';
import { LIMITS, type PipelineChoiceValues, type WizardValues } from './form';
import { changeChoice, choiceFor, pipelineBrands, type PipelineChoiceChange } from './pipelineChoices';

const dialog = nlPipeline.dialog;

/** A row's short text, its message (a draft's value over the limit) under it. */
function RowText({
  id,
  label,
  value,
  max,
  placeholder,
  error,
  onChange,
  className,
}: {
  id: string;
  label: string;
  value: string;
  max: number;
  placeholder?: string;
  error?: string;
  onChange: (text: string) => void;
  className: string;
}) {
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label className="small mb-1">{label}</Form.Label>
      <Form.Control
        value={value}
        maxLength={max}
        placeholder={placeholder}
        isInvalid={Boolean(error)}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldError id={`${id}-error`} message={error} />
    </Form.Group>
  );
}

function BrandFollowUp({
  brand,
  choice,
  errors,
  onChange,
}: {
  brand: NamedItem;
  choice: PipelineChoiceValues;
  errors?: Partial<Record<'reason' | 'reasonText' | 'nextStep', { message?: string }>>;
  onChange: (change: PipelineChoiceChange) => void;
}) {
  const id = `pipeline-${brand.id}`;
  const notInterested = choice.status === 'not_interested';
  // A message marked after a failed send goes once its field is filled, though others may still miss theirs.
  const reasonError = choice.reason === '' ? errors?.reason?.message : undefined;
  return (
    <fieldset className="wizard-item">
      <legend className="fs-6 fw-semibold mb-2 text-break">{brand.name}</legend>
      <div className="row g-2">
        <Form.Group className="col-12 col-sm-6" controlId={`${id}-status`}>
          <Form.Label className="small mb-1">{dialog.status}</Form.Label>
          <Form.Select value={choice.status} onChange={(e) => onChange({ status: e.target.value as PipelineChoiceValues['status'] })}>
            <option value="">{nlWizard.statusFromVisit}</option>
            {PIPELINE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {nlPipeline.status[status]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {notInterested && (
          <>
            <Form.Group className="col-12 col-sm-6" controlId={`${id}-reason`}>
              <Form.Label className="small mb-1">
                {dialog.reason}
                <RequiredMark />
              </Form.Label>
              <Form.Select
                value={choice.reason}
                aria-required
                isInvalid={Boolean(reasonError)}
                aria-invalid={Boolean(reasonError) || undefined}
                aria-describedby={reasonError ? `${id}-reason-error` : undefined}
                onChange={(e) => onChange({ reason: e.target.value as PipelineChoiceValues['reason'] })}
              >
                <option value="">{dialog.reasonPick}</option>
                {NOT_INTERESTED_REASONS.map((reason) => (
                  <option key={reason} value={reason}>
                    {nlPipeline.reason[reason]}
                  </option>
                ))}
              </Form.Select>
              <FieldError id={`${id}-reason-error`} message={reasonError} />
            </Form.Group>
            <RowText
              className="col-12"
              id={`${id}-reasonText`}
              label={dialog.reasonText}
              value={choice.reasonText}
              max={LIMITS.reasonText}
              error={errors?.reasonText?.message}
              onChange={(reasonText) => onChange({ reasonText })}
            />
          </>
        )}
        <RowText
          className="col-12 col-sm-8"
          id={`${id}-nextStep`}
          label={dialog.nextStep}
          value={choice.nextStep}
          max={LIMITS.nextStep}
          placeholder={dialog.nextStepPlaceholder}
          error={errors?.nextStep?.message}
          onChange={(nextStep) => onChange({ nextStep })}
        />
        <Form.Group className="col-12 col-sm-4" controlId={`${id}-nextStepDate`}>
          <Form.Label className="small mb-1">{dialog.nextStepDate}</Form.Label>
          <Form.Control type="date" value={choice.nextStepDate} onChange={(e) => onChange({ nextStepDate: e.target.value })} />
        </Form.Group>
      </div>
    </fieldset>
  );
}

/** `brands`: the FC70 brands the brand steps pick from, which give the rows their names and order. */
export function BrandFollowUps({ brands }: { brands: NamedItem[] }) {
  const { setValue, getValues, control, formState } = useFormContext<WizardValues>();
  const [carried, interests, terminatedBrandIds, choices] = useWatch({
    control,
    name: ['brands', 'brandInterests', 'terminatedBrandIds', 'pipeline'],
  });
  const listed = pipelineBrands({ brands: carried, brandInterests: interests, terminatedBrandIds }, brands);
  const change = (brandId: number, patch: PipelineChoiceChange) =>
    setValue('pipeline', changeChoice(getValues('pipeline'), brandId, patch), { shouldDirty: true });
  return (
    <section className="mt-4" aria-labelledby="brand-follow-ups-title">
      <h3 id="brand-follow-ups-title" className="h6">
        {nlWizard.brandFollowUps}
      </h3>
      {listed.length === 0 ? (
        <p className="text-body-secondary">{nlWizard.noBrandFollowUps}</p>
      ) : (
        <>
          <p className="small text-body-secondary">{nlWizard.brandFollowUpsHelp}</p>
          {listed.map((brand) => {
            const at = choices.findIndex((c) => c.brandId === brand.id);
            return (
              <BrandFollowUp
                key={brand.id}
                brand={brand}
                choice={choiceFor(choices, brand.id)}
                errors={at < 0 ? undefined : formState.errors.pipeline?.[at]}
                onChange={(patch) => change(brand.id, patch)}
              />
            );
          })}
        </>
      )}
    </section>
  );
}
