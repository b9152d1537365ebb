// Every error the API answers with: a code the web maps to a Dutch text (web/src/i18n/nl.ts), never prose to
// parse. Zod-free, so the web app can import it without the schemas.
import type { ValidationRule } from './validationRules';
export { VALIDATION_RULES, isValidationRule, type ValidationRule } from './validationRules';

/** What a write may meet in the database: the constraint errors, each naming the field, never the values. */
export const CONSTRAINT_ERRORS = [
  'unknown_reference',
  'already_exists',
  'out_of_range',
  'text_too_long',
  'invalid_value',
  'invalid_date',
  'invalid_character',
] as const;

/** What a write sent with an Idempotency-Key may meet besides its own codes. */
export const IDEMPOTENCY_ERRORS = ['idempotency_key_invalid', 'idempotency_key_reused', 'request_in_progress'] as const;

/** What every heavy call (limited per person and minute) may meet besides its own codes. */
export const HEAVY_CALL_ERRORS = ['too_many_requests'] as const;

/** What a call that reads an uploaded file in a file-work process may meet besides its own codes. */
export const FILE_WORK_ERRORS = [...HEAVY_CALL_ERRORS, 'file_too_complex', 'server_busy'] as const;

/** What an import file (shops, cities) may be refused for as a whole: one code per cap (IMPORT_FILE_LIMITS). */
export const IMPORT_FILE_ERRORS = [
  'import_file_type',
  'import_file_empty',
  'import_file_unreadable',
  'import_file_too_large',
  'import_too_many_rows',
  'import_too_many_columns',
  'import_cell_too_long',
] as const;

/** The codes, grouped by what caused them. The HTTP status of each is the server's (server/src/errors.ts). */
export const ERROR_CODES = [
  // the request itself
  'validation_failed',
  'invalid_json',
  'body_too_deep',
  'body_too_large',
  'unsupported_media_type',
  'route_not_found',
  // who is asking
  'not_signed_in',
  'not_from_app',
  'no_employee',
  'too_many_sign_ins',
  'too_many_requests',
  'demo_sign_in_off',
  'single_sign_on_off',
  'unknown_user',
  'account_deactivated',
  'role_required',
  // what the database refused
  ...CONSTRAINT_ERRORS,
  // records that are not there
  'shop_not_found',
  'season_not_found',
  'season_name_taken',
  'prospection_not_found',
  'todo_not_found',
  'user_not_found',
  'employee_not_found',
  'country_not_found',
  'contact_info_not_found',
  'report_not_found',
  'brand_not_found',
  'appointment_not_found',
  'feed_not_found',
  'unsubscribe_not_found',
  'photo_not_found',
  'competitor_brand_not_found',
  // rules of the domain
  'not_own_prospection',
  'not_own_report',
  'not_own_todos',
  'not_todo_party',
  'unknown_todo',
  'unknown_todo_status',
  'todo_without_assignee',
  'invalid_city',
  'report_id_mismatch',
  'login_taken',
  'brand_name_taken',
  'merge_into_itself',
  'merge_into_inactive',
  'cannot_deactivate_self',
  'not_own_appointment',
  'appointment_other_shop',
  'appointment_end_before_start',
  'invalid_ics',
  'ics_too_many_events',
  'ics_too_many_file_events',
  'ics_recurrence_too_long',
  ...IMPORT_FILE_ERRORS,
  'file_too_complex',
  'import_mapping_invalid',
  'import_mapping_incomplete',
  'shop_merge_not_field',
  'photo_limit_reached',
  'photo_id_taken',
  'photo_not_an_image',
  'photo_unreadable',
  'photo_too_many_pixels',
  // retries
  'idempotency_key_invalid',
  'idempotency_key_reused',
  'request_in_progress',
  // the server
  'database_unavailable',
  'server_stopping',
  'server_busy',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** What every error response carries. `message` is for developers and logs (English); people read the web's text. */
export interface ApiErrorBody {
  /** The HTTP status's name, e.g. "Not Found". */
  error: string;
  code: ErrorCode;
  message: string;
  /** The field the error is about, as the API spells it (`body.contactName`, `employeeId`), when there is one. */
  field?: string;
  /** For validation_failed: the contract's rule that field broke, when it has one (contract/src/validationRules.ts). */
  rule?: ValidationRule;
}
