// Opvolging's 'Merken opvolgen' (docs/decisions/066-pipeline-per-shop-and-brand.md) as plain functions: the FC70 brands
// a visit names, the rep's choice per brand, what of it is sent, and the reason a 'niet geïnteresseerd' needs.
import type { NamedItem, VisitPipelineChoice } from '@prospectie/contract';
import { isBlank } from '@prospectie/contract/blank';
import { nlWizard } from '../../i18n/nlWizard';
import type { PipelineChoiceValues, WizardValues } from './form';

type NamingFields = Pick<WizardValues, 'brands' | 'brandInterests' | 'terminatedBrandIds'>;
export type PipelineChoiceChange = Partial<Omit<PipelineChoiceValues, 'brandId'>>;

/** The FC70 brands the visit names, each once: carried (FC70), shown interest in (Interesses), or stopped (Algemeen). */
function namedBrandIds(values: NamingFields): Set<number> {
  return new Set([...values.brands.map((b) => b.brandId), ...values.brandInterests.map((i) => i.brandId), ...values.terminatedBrandIds]);
}

/** The brands listed under 'Merken opvolgen', in the order of the FC70 list the brand steps pick from. */
export function pipelineBrands(values: NamingFields, fc70Brands: NamedItem[]): NamedItem[] {
  const named = namedBrandIds(values);
  const listed = fc70Brands.filter((b) => named.has(b.id));
  // A brand taken off the list since the draft was begun keeps the name the visit gave it.
  const rowNames = new Map([...values.brands, ...values.brandInterests].map((row) => [row.brandId, row.brandName]));
  const unlisted = [...named]
    .filter((id) => !listed.some((b) => b.id === id))
    .map((id) => ({ id, name: rowNames.get(id) ?? nlWizard.unknownBrand(id) }));
  return [...listed, ...unlisted];
}

/** A brand's row as it shows: what the rep chose, or nothing chosen yet. */
export function choiceFor(choices: PipelineChoiceValues[], brandId: number): PipelineChoiceValues {
  return choices.find((c) => c.brandId === brandId) ?? { brandId, status: '', reason: '', reasonText: '', nextStep: '', nextStepDate: '' };
}

/** The choices after a change to one brand's row. A row keeps its place, so a message marked on it stays on it. */
export function changeChoice(choices: PipelineChoiceValues[], brandId: number, change: PipelineChoiceChange): PipelineChoiceValues[] {
  const at = choices.findIndex((c) => c.brandId === brandId);
  if (at < 0) return [...choices, { ...choiceFor(choices, brandId), ...change }];
  return choices.map((c, i) => (i === at ? { ...c, ...change } : c));
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A row as the submission carries it: only what the rep entered, or null when she entered nothing (the visit's
 * evidence decides alone). The reason and its text go only with 'not_interested', where they show.
 */
function entered(choice: PipelineChoiceValues): VisitPipelineChoice | null {
  const notInterested = choice.status === 'not_interested';
  const given = {
    ...(choice.status !== '' && { status: choice.status }),
    ...(notInterested && choice.reason !== '' && { reason: choice.reason }),
    ...(notInterested && !isBlank(choice.reasonText) && { reasonText: choice.reasonText.trim() }),
    ...(!isBlank(choice.nextStep) && { nextStep: choice.nextStep.trim() }),
    ...(ISO_DATE.test(choice.nextStepDate) && { nextStepDate: choice.nextStepDate }),
  };
  return Object.keys(given).length > 0 ? { brandId: choice.brandId, ...given } : null;
}

/** The choices sent with the visit: rows the rep entered something in, for brands the visit still names. */
export function pipelineSubmission(values: NamingFields & Pick<WizardValues, 'pipeline'>): VisitPipelineChoice[] {
  const named = namedBrandIds(values);
  return values.pipeline.flatMap((choice) => {
    const sent = named.has(choice.brandId) ? entered(choice) : null;
    return sent ? [sent] : [];
  });
}

/** The places among the choices of a brand still named, set to 'niet geïnteresseerd' without saying why. */
export function choicesWithoutReason(values: NamingFields & Pick<WizardValues, 'pipeline'>): number[] {
  const named = namedBrandIds(values);
  return values.pipeline.flatMap((c, i) => (named.has(c.brandId) && c.status === 'not_interested' && c.reason === '' ? [i] : []));
}
