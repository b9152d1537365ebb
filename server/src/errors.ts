// Domain errors: services and routes throw a code from the contract (and the field it concerns); the HTTP
// status of every code is decided here, once. People read the web's Dutch text for the code (nl.ts).
import { errorResponseOf, type ErrorCode } from '@prospectie/contract';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The codes this route may answer besides the ones every route of its kind may (commonErrors). The OpenAPI
     * document lists them, and the test harness fails a suite in which a route answers a code it did not declare.
     */
    errors?: readonly ErrorCode[];
  }
}

/**
 * The status of every code. A record over ErrorCode written as one literal: a code of the contract without a
 * status, or a status for a code the contract does not list, does not compile, so no test checks that they
 * agree (the same holds for the web's texts, apiErrors and validationRules in web/src/i18n/nl.ts).
 */
export const STATUS_OF: Record<ErrorCode, number> = {
  validation_failed: 400,
  invalid_json: 400,
  body_too_deep: 400,
  body_too_large: 413,
  unsupported_media_type: 415,
  route_not_found: 404,
  not_signed_in: 401,
  not_from_app: 403,
  no_employee: 403,
  too_many_sign_ins: 429,
  too_many_requests: 429,
  demo_sign_in_off: 404,
  single_sign_on_off: 404,
  unknown_user: 401,
  account_deactivated: 401,
  role_required: 403,
  unknown_reference: 400,
  already_exists: 409,
  out_of_range: 400,
  text_too_long: 400,
  invalid_value: 400,
  invalid_date: 400,
  invalid_character: 400,
  shop_not_found: 404,
  season_not_found: 404,
  season_name_taken: 409,
  prospection_not_found: 404,
  todo_not_found: 404,
  user_not_found: 404,
  employee_not_found: 404,
  country_not_found: 404,
  contact_info_not_found: 404,
  report_not_found: 404,
  brand_not_found: 404,
  appointment_not_found: 404,
  feed_not_found: 404,
  unsubscribe_not_found: 404,
  photo_not_found: 404,
  competitor_brand_not_found: 404,
  not_own_prospection: 403,
  not_own_report: 403,
  not_own_todos: 403,
  not_todo_party: 403,
  unknown_todo: 400,
  unknown_todo_status: 400,
  todo_without_assignee: 400,
  invalid_city: 400,
  report_id_mismatch: 400,
  login_taken: 409,
  brand_name_taken: 409,
  merge_into_itself: 400,
  merge_into_inactive: 400,
  cannot_deactivate_self: 400,
  not_own_appointment: 403,
  appointment_other_shop: 400,
  appointment_end_before_start: 400,
  invalid_ics: 400,
  ics_too_many_events: 400,
  ics_too_many_file_events: 400,
  ics_recurrence_too_long: 400,
  import_file_type: 415,
  import_file_empty: 400,
  import_file_unreadable: 400,
  import_file_too_large: 400,
  import_too_many_rows: 400,
  import_too_many_columns: 400,
  import_cell_too_long: 400,
  file_too_complex: 422,
  import_mapping_invalid: 400,
  import_mapping_incomplete: 400,
  shop_merge_not_field: 409,
  photo_limit_reached: 409,
  photo_id_taken: 409,
  photo_not_an_image: 415,
  photo_unreadable: 422,
  photo_too_many_pixels: 422,
  idempotency_key_invalid: 400,
  idempotency_key_reused: 422,
  request_in_progress: 409,
  database_unavailable: 503,
  server_stopping: 503,
  server_busy: 503,
  internal: 500,
};

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};
export const statusName = (status: number) => STATUS_NAMES[status] ?? 'Error';

/** A refusal of the domain: a code, a message for developers and logs (English), and the field, when one. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  /** Fastify reads this where it handles an error itself (hooks thrown before our handler runs). */
  get statusCode(): number {
    return STATUS_OF[this.code];
  }
}

/** The codes any route of its kind may answer without declaring them. */
export function commonErrors(route: { method: string; isPublic: boolean; hasInput: boolean }): ErrorCode[] {
  const codes: ErrorCode[] = ['database_unavailable', 'server_stopping', 'internal'];
  if (!route.isPublic) codes.push('not_signed_in');
  if (route.hasInput) codes.push('validation_failed');
  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)) {
    codes.push('not_from_app', 'invalid_json', 'body_too_deep', 'body_too_large', 'unsupported_media_type');
  }
  return codes;
}

/** What a write may meet in the database: the constraint errors, each naming the field (listed in the contract). */
export { CONSTRAINT_ERRORS } from '@prospectie/contract';

/** A route as its options describe it: enough to tell which codes it may answer. */
export interface RouteShape {
  method: string | string[];
  config?: { public?: boolean; errors?: readonly ErrorCode[] };
  schema?: { body?: unknown; params?: unknown; querystring?: unknown; headers?: unknown };
}

/** Every code a route may answer: the common ones of its kind and those it declares. */
export function declaredErrors(route: RouteShape): Set<ErrorCode> {
  const method = Array.isArray(route.method) ? route.method[0] : route.method;
  const hasInput = !!(route.schema?.body || route.schema?.params || route.schema?.querystring || route.schema?.headers);
  return new Set([...commonErrors({ method, isPublic: route.config?.public === true, hasInput }), ...(route.config?.errors ?? [])]);
}

/** The error responses of a route for its OpenAPI document: per status, the codes it may answer with it. */
export function errorResponses(route: RouteShape) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of declaredErrors(route)) byStatus.set(STATUS_OF[code], [...(byStatus.get(STATUS_OF[code]) ?? []), code]);
  return Object.fromEntries([...byStatus].map(([status, codes]) => [status, errorResponseOf(codes as [ErrorCode, ...ErrorCode[]])]));
}
