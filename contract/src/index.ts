// Every payload that crosses the wire between server and web, once. Field names follow spec §3.
import { z } from 'zod';
import { VALIDATION_RULES, type ErrorCode } from './errors';
import { role } from './admin';
import { appointmentRef } from './planning';
import { windowLeft } from './seasons';

import { id } from './ids';
export { id, idParam } from './ids';
import { brusselsToday } from './dates';
import { TEXT_LIMITS } from './limits';
export { TEXT_LIMITS } from './limits';
export { brusselsToday } from './dates';
import { CONTROL_CHARACTER, plainText, rule } from './text';
import { NOT_INTERESTED_REASONS, PIPELINE_SOURCES, PIPELINE_STATUSES, type PipelineStatus } from './pipeline';
export { CONTROL_CHARACTER, plainText };
const text = plainText;
const optionalText = (max: number) => text(max).nullish();
/** A calendar date as YYYY-MM-DD. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, rule('date_format'));
/** A visit is recorded on or after the day it happened, never ahead. */
export const visitDate = isoDate.refine((date) => date <= brusselsToday(), rule('visit_date_in_future'));
/** A local wall-clock date-time, YYYY-MM-DDTHH:mm[:ss]. */
export const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, rule('date_time_format'));

export {
  CONSTRAINT_ERRORS,
  ERROR_CODES,
  FILE_WORK_ERRORS,
  HEAVY_CALL_ERRORS,
  IDEMPOTENCY_ERRORS,
  IMPORT_FILE_ERRORS,
  VALIDATION_RULES,
  isValidationRule,
  type ApiErrorBody,
  type ErrorCode,
  type ValidationRule,
} from './errors';
/** An error response whose code is one of `codes` (every route declares the codes it may answer). */
export const errorResponseOf = (codes: readonly [ErrorCode, ...ErrorCode[]]) =>
  z.object({
    error: z.string(),
    code: z.enum(codes),
    message: z.string(),
    field: z.string().optional(),
    rule: z.enum(VALIDATION_RULES).optional(),
  });

export const namedItem = z.object({ id: z.number().int(), name: z.string() });
export type NamedItem = z.infer<typeof namedItem>;
export const namedList = z.array(namedItem);

// --- people ---
export const user = z.object({ id: z.number().int(), login: z.string() });
export type User = z.infer<typeof user>;
export const employee = z.object({ id: z.number().int(), firstName: z.string(), name: z.string(), userId: z.number().int() });
export type Employee = z.infer<typeof employee>;
export const me = z.object({
  user,
  employee: employee.omit({ userId: true }).nullable(),
  authMode: z.enum(['demo', 'oidc']),
  /** The roles in effect for this session, `medewerker` always among them (decision 029). */
  roles: z.array(role),
});
export type Me = z.infer<typeof me>;
export const authConfig = z.object({ authMode: z.enum(['demo', 'oidc']) });
export const demoLoginBody = z.object({ email: plainText(320).trim().min(1) });
/** After logout: the issuer's end-session URL to visit too, or null when there is none. */
export const logoutResult = z.object({ redirectTo: z.string().nullable() });
export type LogoutResult = z.infer<typeof logoutResult>;

// --- places ---
export const city = z.object({ id: z.number().int(), name: z.string(), postalCode: z.string() });
export type City = z.infer<typeof city>;

export const shopAddress = z.object({
  street1: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
});
export const shop = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string().nullable(),
  customer: z.string().nullable(),
  owner: z.string().nullable(),
  address: shopAddress.nullable(),
});
export type Shop = z.infer<typeof shop>;
export const shopListItem = shop.pick({ id: true, name: true, city: true, customer: true });
export type ShopListItem = z.infer<typeof shopListItem>;

export const contactInfo = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
});
export type ContactInfo = z.infer<typeof contactInfo>;
/** Lookup codes of a shop's contact info: owner, buyer, seller (spec §9). */
export const contactInfoCode = z.coerce
  .number()
  .int()
  .refine((n) => n === 5 || n === 6 || n === 7, rule('contact_info_code'));

// --- granular creation calls of the spec ---
export const addressCreate = z.object({
  street1: optionalText(200),
  cityId: id,
  postalCode: optionalText(20),
});
export const contactCreate = z.object({ name: text(200).min(1), addressId: id });
export const shopCreate = z.object({
  name: text(200).trim().min(1),
  shopTypeId: z.literal(6).default(6),
  isParallelSales: z.boolean().default(false),
  contactId: id,
});
export const createdId = z.object({ id: z.number().int() });

/** One call that creates address, contact and shop together (DESIGN.md difference 4). */
export const shopRegistration = z.object({
  name: text(TEXT_LIMITS.shopName).trim().min(1, rule('shop_name_missing')),
  countryId: id,
  cityId: id,
  street: optionalText(TEXT_LIMITS.street),
  houseNumber: z.number().int().min(1).max(99999).nullish(),
  addition: optionalText(TEXT_LIMITS.addition),
  postalCode: optionalText(TEXT_LIMITS.postalCode),
});
export type ShopRegistration = z.infer<typeof shopRegistration>;

// --- prospections ---
export const prospectionBrand = z.object({
  brandId: id,
  brandName: z.string().optional(),
  /** Percentage 0.0-100.0 with at most one decimal (12.5), stored as numeric(4,1). */
  sellout: z
    .number()
    .min(0, rule('sellout_range'))
    .max(100, rule('sellout_range'))
    .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9, rule('sellout_range'))
    .nullish(),
  selloutRemark: optionalText(500),
});
export type ProspectionBrand = z.infer<typeof prospectionBrand>;
export const prospectionCompetitorBrand = z.object({
  competitorBrandId: z.number().int(),
  competitorBrandName: z.string(),
});
export const prospectionBrandInterest = z.object({
  brandId: id,
  brandName: z.string().optional(),
  remark: optionalText(500),
});
export type ProspectionBrandInterest = z.infer<typeof prospectionBrandInterest>;

const prospectionFields = {
  visitDate,
  contactTypeId: id,
  contactName: optionalText(200),
  contactEmail: optionalText(320),
  contactPhone: optionalText(50),
  visitTypeId: id,
  visitContext: optionalText(500),
  newBrands: optionalText(2000),
  bestBrands: optionalText(2000),
  worstBrands: optionalText(2000),
  terminatedBrands: optionalText(2000),
  trends: optionalText(4000),
  extra: optionalText(4000),
};
export const prospectionCreate = z.object({ shopId: id, ...prospectionFields });
export const prospection = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  userCreatedId: z.number().int(),
  employeeId: z.number().int(),
  employeeName: z.string(),
  visitDate: z.string(),
  dateCreated: z.string(),
  dateLastUpdated: z.string().nullable(),
  contactTypeId: z.number().int(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  visitTypeId: z.number().int(),
  visitContext: z.string().nullable(),
  newBrands: z.string().nullable(),
  bestBrands: z.string().nullable(),
  worstBrands: z.string().nullable(),
  terminatedBrands: z.string().nullable(),
  trends: z.string().nullable(),
  extra: z.string().nullable(),
});
export type Prospection = z.infer<typeof prospection>;
export const shopProspection = z.object({
  id: z.number().int(),
  visitDate: z.string(),
  visitTypeId: z.number().int(),
  visitTypeName: z.string(),
  employeeId: z.number().int(),
  employeeName: z.string(),
});
export type ShopProspection = z.infer<typeof shopProspection>;
/** One FC70 brand's sell-out (%) recorded in one of a shop's visits: the shop page's chart (decision 033). */
export const shopSellout = z.object({
  prospectionId: z.number().int(),
  visitDate: z.string(),
  brandId: z.number().int(),
  brandName: z.string(),
  sellout: z.number(),
});
export type ShopSellout = z.infer<typeof shopSellout>;

// --- to-dos ---
export const todoEmployee = z.object({ id: z.number().int(), name: z.string() });
export const todo = z.object({
  toDoId: z.number().int(),
  name: z.string(),
  remarks: z.string().nullable(),
  toDoStatusId: z.number().int(),
  toDoTypeId: z.number().int(),
  dateCreated: z.string(),
  userCreatedId: z.number().int(),
  employees: z.array(todoEmployee),
});
export type Todo = z.infer<typeof todo>;
/** Every to-do has someone to follow it up: an empty list of assignees is refused. */
const someoneToFollowUp = rule('todo_without_assignee');
export const todoCreate = z.object({
  name: text(200).trim().min(1),
  remarks: optionalText(2000),
  toDoStatusId: id.default(1),
  toDoTypeId: id.default(4),
  /** Who follows it up; left out, the employee who creates it. */
  employeeIds: z.array(id).min(1, someoneToFollowUp).max(100).optional(),
});
export const employeeIds = z.object({ EmployeeIds: z.array(id).min(1, someoneToFollowUp).max(500) });
export const todoIds = z.object({ ToDoIds: z.array(id).max(500) });
export const competitorBrandIds = z.object({ CompetitorBrandIds: z.array(id).max(500) });
export const prospectionBrands = z.object({ ProspectionBrands: z.array(prospectionBrand).max(500) });
export const prospectionBrandInterests = z.object({
  ProspectionBrandInterests: z.array(prospectionBrandInterest).max(500),
});

/** A to-do as the wizard sends it with the whole visit. */
export const todoDraft = z
  .object({
    name: text(200).trim().min(1),
    remarks: optionalText(2000),
    toDoTypeId: z.number().int().min(1).max(4),
    toDoStatusId: z.number().int().min(1).max(2).default(1),
    /** Empty only for an automatic to-do (types 1-3): the server assigns it to the rep who sends the visit. */
    employeeIds: z.array(id).max(100),
  })
  .refine((todo) => todo.toDoTypeId !== 4 || todo.employeeIds.length > 0, { ...someoneToFollowUp, path: ['employeeIds'] });
export type TodoDraft = z.infer<typeof todoDraft>;
/** The whole visit in one call (DESIGN.md difference 4). */
// --- pipeline (decision 066) ---
export { PIPELINE_STATUSES, NOT_INTERESTED_REASONS, PIPELINE_SOURCES } from './pipeline';
export type { PipelineStatus, NotInterestedReason, PipelineSource } from './pipeline';
export const pipelineStatus = z.enum(PIPELINE_STATUSES);
/** What a rep says of a brand herself: its status (optional in the wizard), why a shop said no, the next step. */
const pipelineChoice = {
  reason: z.enum(NOT_INTERESTED_REASONS).nullish(),
  reasonText: optionalText(TEXT_LIMITS.reasonText),
  nextStep: optionalText(TEXT_LIMITS.nextStep),
  nextStepDate: isoDate.nullish(),
};
const reasonRules = <T extends z.ZodType<{ status?: PipelineStatus | null; reason?: string | null }>>(schema: T) =>
  schema
    .refine((s) => s.status !== 'not_interested' || s.reason != null, { ...rule('not_interested_reason_missing'), path: ['reason'] })
    .refine((s) => s.reason == null || s.status === 'not_interested', { ...rule('reason_without_not_interested'), path: ['reason'] });
/** A status set on the shop page. */
export const pipelineSet = reasonRules(z.object({ status: pipelineStatus, ...pipelineChoice }));
export type PipelineSet = z.input<typeof pipelineSet>;
/** On Opvolging, per FC70 brand: a status the rep sets (or none: the visit's evidence decides), and the next step. */
export const visitPipelineChoice = reasonRules(z.object({ brandId: id, status: pipelineStatus.optional(), ...pipelineChoice }));
export type VisitPipelineChoice = z.input<typeof visitPipelineChoice>;

/** A shop's status for one brand as it stands. */
export const pipelineNow = z.object({
  brandId: z.number().int(),
  brandName: z.string(),
  status: pipelineStatus,
  /** The day it took this status. */
  since: z.string(),
  /** Set by a rep (not derived from a visit). */
  explicit: z.boolean(),
  reason: z.enum(NOT_INTERESTED_REASONS).nullable(),
  reasonText: z.string().nullable(),
  nextStep: z.string().nullable(),
  nextStepDate: z.string().nullable(),
  /** A customer's season: the one whose pre-order window for the brand holds the day it became one (decision 068). */
  season: z.string().nullable(),
});
export type PipelineNow = z.infer<typeof pipelineNow>;
/** One change of a shop's status for a brand: who, when, from → to, why, from which visit. */
export const pipelineChange = z.object({
  id: z.number().int(),
  brandId: z.number().int(),
  brandName: z.string(),
  from: pipelineStatus.nullable(),
  to: pipelineStatus,
  /** The day it counts for: the visit's date, or the day a rep set it. */
  on: z.string(),
  source: z.enum(PIPELINE_SOURCES),
  employeeName: z.string().nullable(),
  prospectionId: z.number().int().nullable(),
  reason: z.enum(NOT_INTERESTED_REASONS).nullable(),
  reasonText: z.string().nullable(),
});
export type PipelineChange = z.infer<typeof pipelineChange>;
export const shopPipeline = z.object({ statuses: z.array(pipelineNow), history: z.array(pipelineChange) });
export type ShopPipeline = z.infer<typeof shopPipeline>;
/** A next step due on a day, for Home's 'Opvolgen'. */
export const followUp = z.object({
  shopId: z.number().int(),
  shopName: z.string(),
  cityName: z.string().nullable(),
  brandId: z.number().int(),
  brandName: z.string(),
  status: pipelineStatus,
  nextStep: z.string().nullable(),
  nextStepDate: z.string(),
  /** The brand's pre-order window still open, with the days left (decision 068): the soonest closing come first. */
  window: windowLeft.nullable(),
});
export type FollowUp = z.infer<typeof followUp>;

export const prospectionSubmission = z.object({
  ...prospectionFields,
  brands: z.array(prospectionBrand).max(200).default([]),
  competitorBrandIds: z.array(id).max(200).default([]),
  brandInterests: z.array(prospectionBrandInterest).max(200).default([]),
  todos: z.array(todoDraft).max(100).default([]),
  /** The rep's own appointment the visit was started from (decision 028): linked to it, then done. */
  appointmentId: appointmentRef.optional(),
  /** The FC70 brands the shop stopped (Algemeen; the free text stays for other brands and is never parsed). */
  terminatedBrandIds: z.array(id).max(200).default([]),
  /** Opvolging: per FC70 brand a status the rep sets and the next step (decision 066). */
  pipeline: z.array(visitPipelineChoice).max(200).default([]),
});
export type ProspectionSubmission = z.input<typeof prospectionSubmission>;

// --- calendar (appointments and the rest of planning: ./planning, decision 028) ---
export const appointmentRange = z
  .object({ from: localDateTime.or(isoDate).optional(), to: localDateTime.or(isoDate).optional() })
  .refine((q) => (q.from === undefined) === (q.to === undefined), rule('period_incomplete'))
  .refine((q) => !q.from || !q.to || q.from < q.to, rule('period_reversed'));

// --- sample report ---
export const prospectionReport = z.object({ id: z.number().int(), employeeId: z.number().int(), content: z.string() });
export type ProspectionReport = z.infer<typeof prospectionReport>;
const reportContent = text(TEXT_LIMITS.report).refine((content) => content.trim() !== '', rule('report_empty'));
export const prospectionReportCreate = z.object({ employeeId: id.optional(), content: reportContent });
export const prospectionReportUpdate = z.object({ id: id.optional(), employeeId: id.optional(), content: reportContent });

export { CLIENT_HEADER, IDEMPOTENCY_HEADER } from './headers';

// --- my to-dos ---
export { TODO_STATUS } from './todoStatus';
export const myTodo = z.object({
  toDoId: z.number().int(),
  name: z.string(),
  remarks: z.string().nullable(),
  toDoTypeId: z.number().int(),
  toDoTypeName: z.string(),
  toDoStatusId: z.number().int(),
  dateCreated: z.string(),
  userCreatedId: z.number().int(),
  creatorName: z.string(),
  shop: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  prospectionId: z.number().int().nullable(),
});
export type MyTodo = z.infer<typeof myTodo>;
export const myTodosQuery = z.object({ status: z.coerce.number().int().min(1).max(2).optional() });
export const todoStatusUpdate = z.object({ toDoStatusId: z.number().int().positive() });

// --- planning (decision 028) ---
export * from './planning';
export {
  endpoint,
  endpointUrl,
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResult,
} from './endpoint';

// --- roles and administration (decision 029) ---
export * from './admin';

// --- imports (decision 030) ---
export * from './imports';

// --- overview, brand insight and exports (decision 033) ---
export * from './overview';
export * from './seasons';

// --- photos of a visit (decision 035) ---
export * from './photos';

// --- e-mail (decision 069) ---
export * from './mail';

// --- where shops are (decision 071) ---
export * from './places';
