// The wizard's form values: their shape, field checks (react-hook-form resolver) and starting values.
import { z } from 'zod';
import { prospectionBrand, prospectionBrandInterest, prospectionSubmission, todoDraft } from '@prospectie/contract';
import { brusselsToday } from '@prospectie/contract/dates';
import { TEXT_LIMITS } from '@prospectie/contract/limits';
import { NOT_INTERESTED_REASONS, PIPELINE_STATUSES } from '@prospectie/contract/pipeline';
import { nlWizard } from '../../i18n/nlWizard';

export const CONTACT_TYPE_OTHER = 4;
export const VISIT_TYPE_OTHER = 4;

/** A contract string schema's maximum length, through its optional/nullable wrappers. */
function maxLengthOf(schema: unknown): number {
  let s = schema as { unwrap?: () => unknown; maxLength?: number | null };
  while (typeof s.unwrap === 'function') s = s.unwrap() as typeof s;
  if (typeof s.maxLength !== 'number') throw new Error('contract field without a maximum length');
  return s.maxLength;
}

const visitShape = prospectionSubmission.shape;
/** Every text field's limit is the server's: read from the contract, never copied. */
export const LIMITS = {
  contactName: maxLengthOf(visitShape.contactName),
  contactEmail: maxLengthOf(visitShape.contactEmail),
  contactPhone: maxLengthOf(visitShape.contactPhone),
  visitContext: maxLengthOf(visitShape.visitContext),
  newBrands: maxLengthOf(visitShape.newBrands),
  bestBrands: maxLengthOf(visitShape.bestBrands),
  worstBrands: maxLengthOf(visitShape.worstBrands),
  terminatedBrands: maxLengthOf(visitShape.terminatedBrands),
  trends: maxLengthOf(visitShape.trends),
  extra: maxLengthOf(visitShape.extra),
  selloutRemark: maxLengthOf(prospectionBrand.shape.selloutRemark),
  interestRemark: maxLengthOf(prospectionBrandInterest.shape.remark),
  todoName: maxLengthOf(todoDraft.shape.name),
  todoRemarks: maxLengthOf(todoDraft.shape.remarks),
  nextStep: TEXT_LIMITS.nextStep,
  reasonText: TEXT_LIMITS.reasonText,
};
/** Spec §5 and §9: the visit reason holds up to 500 characters. */
export const REASON_MAX = LIMITS.visitContext;

/** Sellout as typed ('12,5' or '12.5') in the notation the server takes, or the text itself when it is no number. */
const selloutNotation = (text: string) => text.trim().replace(',', '.');

/** Why a typed sellout is refused, in the rep's words; null when it is empty or a percentage 0-100 with at most one decimal. */
export function selloutProblem(text: string): string | null {
  const typed = selloutNotation(text);
  if (typed === '') return null;
  if (/^-\d/.test(typed)) return nlWizard.selloutNegative;
  const match = /^(\d+)(?:\.(\d+))?$/.exec(typed);
  if (!match) return nlWizard.selloutNotANumber;
  if ((match[2] ?? '').length > 1) return nlWizard.selloutOneDecimal;
  if (Number(typed) > 100) return nlWizard.selloutAbove100;
  return null;
}

/** A valid typed sellout as the number sent (12.5), null when empty. */
export function selloutValue(text: string): number | null {
  const typed = selloutNotation(text);
  return typed === '' ? null : Number(typed);
}

const contactFields = z.object({ name: z.string(), email: z.string(), phone: z.string() });
export type ContactFields = z.infer<typeof contactFields>;
export type ContactField = keyof ContactFields;
export const CONTACT_FIELDS: ContactField[] = ['name', 'email', 'phone'];

const manualTodo = z.object({
  key: z.string(),
  name: z.string(),
  remarks: z.string(),
  employeeIds: z.array(z.number().int()),
});
export type ManualTodo = z.infer<typeof manualTodo>;

/**
 * A rep's changes to an automatic to-do. `basis` is the generated name and remarks they were made
 * against: once the form regenerates different content, the typed name, remarks and removal lapse.
 */
const autoTodoEdit = z.object({
  basis: z.string(),
  name: z.string().optional(),
  remarks: z.string().optional(),
  removed: z.boolean().optional(),
  employeeIds: z.array(z.number().int()),
});
export type AutoTodoEdit = z.infer<typeof autoTodoEdit>;

/**
 * What the rep entered on Opvolging for one FC70 brand (decision 066), as typed: '' is nothing chosen, and a status
 * left '' leaves it to the visit's evidence. A row exists only once she touched it.
 */
const pipelineChoice = z.object({
  brandId: z.number().int(),
  status: z.enum(['', ...PIPELINE_STATUSES]),
  reason: z.enum(['', ...NOT_INTERESTED_REASONS]),
  reasonText: z.string(),
  nextStep: z.string(),
  nextStepDate: z.string(),
});
export type PipelineChoiceValues = z.infer<typeof pipelineChoice>;

/**
 * The form's shape, types only: what a stored draft must match to come back. Limits are checked
 * apart (wizardSchema), so a draft that an older version let through returns as typed, its field marked.
 */
export const visitValuesShape = z.object({
  visitDate: z.string(),
  visitTypeId: z.number().int(),
  contactTypeId: z.number().int(),
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  /** Per contact field: ticked as correct, or typed anew (spec §5). */
  confirmed: z.object({ name: z.boolean(), email: z.boolean(), phone: z.boolean() }),
  /** The shop's known contact info for the chosen type, as loaded; null when none was loaded. */
  loadedContact: contactFields.nullable(),
  visitContext: z.string(),
  brands: z.array(z.object({ brandId: z.number().int(), brandName: z.string(), sellout: z.string(), selloutRemark: z.string() })),
  competitorBrandIds: z.array(z.number().int()),
  newBrands: z.string(),
  bestBrands: z.string(),
  worstBrands: z.string(),
  terminatedBrands: z.string(),
  /** The FC70 brands the shop stopped, picked beside the free text (which stays for other brands). */
  terminatedBrandIds: z.array(z.number().int()),
  brandInterests: z.array(z.object({ brandId: z.number().int(), brandName: z.string(), remark: z.string() })),
  trends: z.string(),
  extra: z.string(),
  manualTodos: z.array(manualTodo),
  autoTodoEdits: z.record(z.string(), autoTodoEdit),
  pipeline: z.array(pipelineChoice),
});
export type WizardValues = z.infer<typeof visitValuesShape>;

type TopLevelText =
  | 'contactName'
  | 'contactEmail'
  | 'contactPhone'
  | 'visitContext'
  | 'newBrands'
  | 'bestBrands'
  | 'worstBrands'
  | 'terminatedBrands'
  | 'trends'
  | 'extra';
const topLevelTexts: TopLevelText[] = [
  'contactName',
  'contactEmail',
  'contactPhone',
  'visitContext',
  'newBrands',
  'bestBrands',
  'worstBrands',
  'terminatedBrands',
  'trends',
  'extra',
];

/** The Dutch message for a text over its limit (how long it is, how long it may be), or null. */
export function tooLongMessage(text: string, max: number): string | null {
  return text.length > max ? nlWizard.tooLong(text.length, max) : null;
}

/** Every field check of the form, each with its Dutch message on the field it concerns. */
export const wizardSchema = visitValuesShape.superRefine((values, ctx) => {
  const refuse = (path: (string | number)[], message: string | null) => {
    if (message) ctx.addIssue({ code: 'custom', path, message });
  };
  for (const field of topLevelTexts) {
    const message = tooLongMessage(values[field], LIMITS[field]);
    // The visit reason keeps the wording of its spec limit (§5).
    refuse([field], message && field === 'visitContext' ? nlWizard.reasonTooLong : message);
  }
  values.brands.forEach((brand, i) => {
    refuse(['brands', i, 'sellout'], selloutProblem(brand.sellout));
    refuse(['brands', i, 'selloutRemark'], tooLongMessage(brand.selloutRemark, LIMITS.selloutRemark));
  });
  values.brandInterests.forEach((interest, i) =>
    refuse(['brandInterests', i, 'remark'], tooLongMessage(interest.remark, LIMITS.interestRemark)),
  );
  values.manualTodos.forEach((todo, i) => {
    refuse(['manualTodos', i, 'name'], tooLongMessage(todo.name, LIMITS.todoName));
    refuse(['manualTodos', i, 'remarks'], tooLongMessage(todo.remarks, LIMITS.todoRemarks));
  });
  values.pipeline.forEach((choice, i) => {
    refuse(['pipeline', i, 'reasonText'], tooLongMessage(choice.reasonText, LIMITS.reasonText));
    refuse(['pipeline', i, 'nextStep'], tooLongMessage(choice.nextStep, LIMITS.nextStep));
  });
});

/** Any check the form has no own message for still speaks Dutch (never zod's English default). */
export const fallbackMessage = () => nlWizard.invalidValue;

/** Spec §4 defaults: contact type 4, visit type 4, visit date today. */
export function emptyVisit(today = brusselsToday()): WizardValues {
  return {
    visitDate: today,
    visitTypeId: VISIT_TYPE_OTHER,
    contactTypeId: CONTACT_TYPE_OTHER,
    contactName: '',
    contactEmail: '',
    contactPhone: '',
    confirmed: { name: false, email: false, phone: false },
    loadedContact: null,
    visitContext: '',
    brands: [],
    competitorBrandIds: [],
    newBrands: '',
    bestBrands: '',
    worstBrands: '',
    terminatedBrands: '',
    terminatedBrandIds: [],
    brandInterests: [],
    trends: '',
    extra: '',
    manualTodos: [],
    autoTodoEdits: {},
    pipeline: [],
  };
}

/** The form's own field name for a contact field. */
export const contactKey = { name: 'contactName', email: 'contactEmail', phone: 'contactPhone' } as const satisfies Record<
  ContactField,
  keyof WizardValues
>;
