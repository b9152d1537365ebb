// Steps Brandmix, Algemeen, FC70, Interesses and Feedback: what the shop carries, sells and wants
// (which field sits on which step: docs/decisions/047-wizard-fields-per-step.md).
import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { useFormContext, useWatch } from 'react-hook-form';
import type { NamedItem } from '@prospectie/contract';
import { nlWizard } from '../../i18n/nlWizard';
import { FieldError, MultiSelect, TextAreaField } from './fields';
import { LIMITS, type WizardValues } from './form';

function BrandRows({ brands }: { brands: NamedItem[] }) {
  const { register, setValue, getValues, control, formState } = useFormContext<WizardValues>();
  const rows = useWatch({ control, name: 'brands' });
  const choose = (chosen: NamedItem[]) => {
    const kept = getValues('brands');
    setValue(
      'brands',
      chosen.map((b) => kept.find((row) => row.brandId === b.id) ?? { brandId: b.id, brandName: b.name, sellout: '', selloutRemark: '' }),
      { shouldDirty: true },
    );
  };
  return (
    <>
      <Form.Label htmlFor="field-brands">{nlWizard.fc70Brands}</Form.Label>
      <MultiSelect inputId="field-brands" options={brands} value={rows.map((r) => r.brandId)} onChange={choose} />
      <ul className="list-unstyled mt-2 mb-0">
        {rows.map((row, i) => {
          const error = formState.errors.brands?.[i]?.sellout;
          const remarkError = formState.errors.brands?.[i]?.selloutRemark;
          const errorId = `brand-${row.brandId}-sellout-error`;
          const remarkErrorId = `brand-${row.brandId}-remark-error`;
          return (
            <li key={row.brandId} className="wizard-item">
              <p className="fw-semibold mb-2">{row.brandName}</p>
              <div className="row g-2">
                <Form.Group className="col-5 col-sm-3" controlId={`field-brand-${row.brandId}-sellout`}>
                  <Form.Label className="small mb-1">{nlWizard.sellout}</Form.Label>
                  <Form.Control
                    aria-label={nlWizard.brandSellout(row.brandName)}
                    // Text, not a number input: '12,5' with a Belgian comma must reach the check as typed.
                    inputMode="decimal"
                    autoComplete="off"
                    maxLength={5}
                    placeholder={nlWizard.selloutPlaceholder}
                    isInvalid={Boolean(error)}
                    aria-invalid={Boolean(error) || undefined}
                    aria-describedby={error ? errorId : undefined}
                    {...register(`brands.${i}.sellout`)}
                  />
                </Form.Group>
                <Form.Group className="col-7 col-sm-9" controlId={`field-brand-${row.brandId}-remark`}>
                  <Form.Label className="small mb-1">{nlWizard.remark}</Form.Label>
                  <Form.Control
                    aria-label={nlWizard.brandRemark(row.brandName)}
                    maxLength={LIMITS.selloutRemark}
                    isInvalid={Boolean(remarkError)}
                    aria-invalid={Boolean(remarkError) || undefined}
                    aria-describedby={remarkError ? remarkErrorId : undefined}
                    {...register(`brands.${i}.selloutRemark`)}
                  />
                </Form.Group>
              </div>
              <FieldError id={errorId} message={error?.message} />
              <FieldError id={remarkErrorId} message={remarkError?.message} />
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** A labelled pick of brands from a list, kept in the form as their ids. */
function BrandIdsField({
  name,
  inputId,
  label,
  options,
  className,
}: {
  name: 'competitorBrandIds' | 'terminatedBrandIds';
  inputId: string;
  label: string;
  options: NamedItem[];
  className: string;
}) {
  const { setValue, control } = useFormContext<WizardValues>();
  const ids = useWatch({ control, name });
  return (
    <section className={className}>
      <Form.Label htmlFor={inputId}>{label}</Form.Label>
      <MultiSelect
        inputId={inputId}
        options={options}
        value={ids}
        onChange={(chosen) =>
          setValue(
            name,
            chosen.map((b) => b.id),
            { shouldDirty: true },
          )
        }
      />
    </section>
  );
}

export function BrandmixStep({ competitorBrands }: { competitorBrands: NamedItem[] }) {
  return (
    <>
      <BrandIdsField
        name="competitorBrandIds"
        inputId="field-competitorBrands"
        label={nlWizard.competitorBrands}
        options={competitorBrands}
        className="mb-4"
      />
      <TextAreaField name="newBrands" label={nlWizard.newBrands} help={nlWizard.newBrandsHelp} />
    </>
  );
}

/** The FC70 brands the shop stopped are picked from the list (decision 066); the free text beside stays for other brands. */
export function GeneralStep({ brands }: { brands: NamedItem[] }) {
  return (
    <>
      <TextAreaField name="bestBrands" label={nlWizard.bestBrands} />
      <TextAreaField name="worstBrands" label={nlWizard.worstBrands} />
      <BrandIdsField
        name="terminatedBrandIds"
        inputId="field-terminatedBrandIds"
        label={nlWizard.terminatedFc70Brands}
        options={brands}
        className="mb-3"
      />
      <TextAreaField name="terminatedBrands" label={nlWizard.terminatedBrands} help={nlWizard.terminatedBrandsHelp} />
    </>
  );
}

export function Fc70Step({ brands }: { brands: NamedItem[] }) {
  return <BrandRows brands={brands} />;
}

export function InterestsStep({ brands }: { brands: NamedItem[] }) {
  const { register, setValue, getValues, control, formState } = useFormContext<WizardValues>();
  const rows = useWatch({ control, name: 'brandInterests' });
  const choose = (chosen: NamedItem[]) => {
    const kept = getValues('brandInterests');
    setValue(
      'brandInterests',
      chosen.map((b) => kept.find((row) => row.brandId === b.id) ?? { brandId: b.id, brandName: b.name, remark: '' }),
      { shouldDirty: true },
    );
  };
  return (
    <>
      <Form.Label htmlFor="field-brandInterests">{nlWizard.interests}</Form.Label>
      <MultiSelect inputId="field-brandInterests" options={brands} value={rows.map((r) => r.brandId)} onChange={choose} />
      <ul className="list-unstyled mt-2 mb-0">
        {rows.map((row, i) => {
          const error = formState.errors.brandInterests?.[i]?.remark;
          const errorId = `interest-${row.brandId}-remark-error`;
          return (
            <li key={row.brandId} className="wizard-item">
              <Form.Group controlId={`field-interest-${row.brandId}-remark`}>
                <Form.Label className="fw-semibold mb-1">{row.brandName}</Form.Label>
                <Form.Control
                  aria-label={nlWizard.brandRemark(row.brandName)}
                  placeholder={nlWizard.remark}
                  maxLength={LIMITS.interestRemark}
                  isInvalid={Boolean(error)}
                  aria-invalid={Boolean(error) || undefined}
                  aria-describedby={error ? errorId : undefined}
                  {...register(`brandInterests.${i}.remark`)}
                />
              </Form.Group>
              <FieldError id={errorId} message={error?.message} />
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** Spec §5: both required fields of the Feedback step. */
/** Trends and extra feedback, then the visit's pictures (decision 035): still seven steps. */
export function FeedbackStep({ photos }: { photos: ReactNode }) {
  return (
    <>
      <TextAreaField name="trends" label={nlWizard.trends} required rows={5} />
      <TextAreaField name="extra" label={nlWizard.extra} required rows={5} />
      {photos}
    </>
  );
}
