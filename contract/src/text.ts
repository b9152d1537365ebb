// Text a person typed, as every schema takes it.
import { z } from 'zod';
import type { ValidationRule } from './validationRules';

/** A check's refusal: the code of the rule it enforces, which the web says in Dutch (never prose here). */
export const rule = (code: ValidationRule) => ({ error: code });

/**
 * Control characters other than tab and line breaks: PostgreSQL refuses NUL in text, and none of them
 * belongs in anything a person types.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Text a person typed: at most max characters, no control characters. */
export const plainText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !CONTROL_CHARACTER.test(value), rule('control_character'));
