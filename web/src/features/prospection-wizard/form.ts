// The wizard's form values: their shape, field checks (react-hook-form resolver) and starting values.
import { z } from 'zod';
import { nl } from '../../i18n/nl';

export const REASON_MAX = 500;
export const CONTACT_TYPE_OTHER = 4;
export const VISIT_TYPE_OTHER = 4;

/** Sellout as typed: empty, or a whole number from 0 to 100 (spec §9). */
export function isValidSellout(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '') return true;
  if (!/^\d{1,3}$/.test(trimmed)) return false;
  return Number(trimmed) <= 100;
}

const contactFields = z.object({ name: z.string(), email: z.string(), phone: z.string() });
export type ContactFields = z.infer<typeof contactFields>;
export type ContactField = keyof ContactFields;
export const CONTACT_FIELDS: ContactField[] = ['name', 'email', 'phone'];

const manualTodo = z.object({
  key: z.string(),
  name: z.string().max(200),
  remarks: z.string().max(2000),
  employeeIds: z.array(z.number().int()),
});
export type ManualTodo = z.infer<typeof manualTodo>;

/**
 * A rep's changes to an automatic to-do. `basis` is the generated name and remarks they were made
 * against: once the form regenerates different content, the typed name, remarks and removal lapse.
 */
const autoTodoEdit = z.object({
  basis: z.string(),
  name: z.string().max(200).optional(),
  remarks: z.string().max(2000).optional(),
  removed: z.boolean().optional(),
  employeeIds: z.array(z.number().int()),
});
export type AutoTodoEdit = z.infer<typeof autoTodoEdit>;

export const wizardSchema = z.object({
  visitDate: z.string(),
  visitTypeId: z.number().int(),
  contactTypeId: z.number().int(),
  contactName: z.string().max(200),
  contactEmail: z.string().max(320),
  contactPhone: z.string().max(50),
  /** Per contact field: ticked as correct, or typed anew (spec §5). */
  confirmed: z.object({ name: z.boolean(), email: z.boolean(), phone: z.boolean() }),
  /** The shop's known contact info for the chosen type, as loaded; null when none was loaded. */
  loadedContact: contactFields.nullable(),
  visitContext: z.string().max(REASON_MAX, nl.wizard.reasonTooLong),
  brands: z.array(
    z.object({
      brandId: z.number().int(),
      brandName: z.string(),
      sellout: z.string().refine(isValidSellout, nl.wizard.selloutRange),
      selloutRemark: z.string().max(500),
    }),
  ),
  competitorBrandIds: z.array(z.number().int()),
  newBrands: z.string().max(2000),
  bestBrands: z.string().max(2000),
  worstBrands: z.string().max(2000),
  terminatedBrands: z.string().max(2000),
  brandInterests: z.array(z.object({ brandId: z.number().int(), brandName: z.string(), remark: z.string().max(500) })),
  trends: z.string().max(4000),
  extra: z.string().max(4000),
  manualTodos: z.array(manualTodo),
  autoTodoEdits: z.record(z.string(), autoTodoEdit),
});
export type WizardValues = z.infer<typeof wizardSchema>;

/** Today as YYYY-MM-DD on the rep's own calendar (not UTC). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Spec §4 defaults: contact type 4, visit type 4, visit date today. */
export function emptyVisit(today = localToday()): WizardValues {
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
    brandInterests: [],
    trends: '',
    extra: '',
    manualTodos: [],
    autoTodoEdits: {},
  };
}

/** The form's own field name for a contact field. */
export const contactKey = { name: 'contactName', email: 'contactEmail', phone: 'contactPhone' } as const satisfies Record<
  ContactField,
  keyof WizardValues
>;
