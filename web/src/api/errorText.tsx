// A failed call in Dutch. Apart from api/client.ts so the error texts (i18n/nlErrors.ts) load with the screens
// that can show them, not with the first download.
import { nl } from '../i18n/nl';
import { apiErrors, validationRules } from '../i18n/nlErrors';
import { ApiError } from './client';

/** The Dutch text for a failed call: offline, the text of the rule a field broke or of the server's code, else the general one. */
export function apiErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetwork) return nl.errors.offline;
    if (error.code === 'validation_failed' && error.rule && error.rule in validationRules) return validationRules[error.rule];
    if (error.code && error.code in apiErrors) return apiErrors[error.code];
  }
  return nl.errors.generic;
}

/** The same text as an element, for a screen that loads this module lazily. */
export function ApiErrorText({ error }: { error: unknown }) {
  return apiErrorText(error);
}
