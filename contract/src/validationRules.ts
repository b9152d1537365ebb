// The rules of the contract's schemas that a person can break, as codes. A schema refuses with the code as
// its message; the server passes it along as `rule` of a validation_failed, and the web says it in Dutch
// (web/src/i18n/nl.ts, validationRules). Zod-free, so the web app can import it without the schemas.

export const VALIDATION_RULES = [
  /** Text holding a control character other than tab and line breaks. */
  'control_character',
  /** A date not written as YYYY-MM-DD. */
  'date_format',
  /** A date and time not written as YYYY-MM-DDTHH:mm[:ss]. */
  'date_time_format',
  /** A visit dated after today in Belgium. */
  'visit_date_in_future',
  /** A new shop without a name. */
  'shop_name_missing',
  /** A contact info code other than owner, buyer, seller (5, 6, 7). */
  'contact_info_code',
  /** A sellout outside 0-100 or with more than one decimal. */
  'sellout_range',
  /** A manual to-do, or a list of assignees, without anyone to follow it up. */
  'todo_without_assignee',
  /** A sample report with nothing in it. */
  'report_empty',
  /** A period with a start and no end, or the other way round. */
  'period_incomplete',
  /** A period whose start is not before its end. */
  'period_reversed',
  /** An appointment that ends before it starts. */
  'appointment_end_before_start',
  /** A change of an appointment that changes nothing. */
  'nothing_to_change',
  /** A photo tagged with both an FC70 brand and a competitor brand (at most one of the two). */
  'photo_one_brand_tag',
  /** A shop set to 'not interested' without saying why. */
  'not_interested_reason_missing',
  /** A reason for 'not interested' given with another status. */
  'reason_without_not_interested',
] as const;

export type ValidationRule = (typeof VALIDATION_RULES)[number];

const rules: ReadonlySet<string> = new Set(VALIDATION_RULES);
/** True for one of the codes above (a schema check with no rule of its own carries zod's default message). */
export const isValidationRule = (value: unknown): value is ValidationRule => typeof value === 'string' && rules.has(value);
