// Header names shared by server and web; kept apart from the schemas so the web's first download needs no zod.
/** Header the web app sends on every call; writes without it are refused (CSRF defence). */
export const CLIENT_HEADER = 'x-prospectie-client';
/** Header that makes a write safe to retry (IETF Idempotency-Key draft). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
