// Opvolging's 'Merken opvolgen' (decision 066): per FC70 brand the visit names, a status the rep sets herself (or none,
// and the visit's evidence decides), why a shop said no, and the next step.
import { useFormContext, useWatch } from 'react-hook-form';
import type { NamedItem } from '@prospectie/contract';
import { nlWizard } from '../../i18n/nlWizard';
import { PipelineFields } from '../pipeline';
import { RequiredMark } from './fields';
import type { PipelineChoiceValues, WizardValues } from './form';
import { changeChoice, choiceFor, pipelineBrands, type PipelineChoiceChange } from './pipelineChoices';

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
  return (
    <fieldset className="wizard-item">
      <legend className="fs-6 fw-semibold mb-2 text-break">{brand.name}</legend>
      <PipelineFields
        id={`pipeline-${brand.id}`}
        value={choice}
        onChange={onChange}
        errors={{
          // A message marked after a failed send goes once its field is filled, though others may still miss theirs.
          reason: choice.reason === '' ? errors?.reason?.message : undefined,
          reasonText: errors?.reasonText?.message,
          nextStep: errors?.nextStep?.message,
        }}
        unsetStatus={nlWizard.statusFromVisit}
        requiredMark={<RequiredMark />}
        compact
      />
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
