// Tells "the database is not there right now" apart from every other failure (bad SQL, constraints).
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** SQLSTATE: 08xxx connection exceptions; 57P01-57P03 admin/crash shutdown, cannot connect now; 53300 too many connections. */
const SQLSTATE = /^(08...|57P0[123]|53300)$/;
/** node-postgres says these in words only. */
const MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection refused',
  'the database system is starting up',
  'the database system is shutting down',
];

/** True when err (or one of its causes) says the database could not be reached or went away. */
export function isConnectionError(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) return true;
    // Drizzle's wrapper quotes the query and its parameters (user text): only its cause counts.
    const wrapper = typeof message === 'string' && message.startsWith('Failed query');
    if (!wrapper && typeof message === 'string' && MESSAGES.some((m) => message.includes(m))) return true;
    // AggregateError from a dual-stack connect (ECONNREFUSED on ::1 and on 127.0.0.1).
    if (Array.isArray(errors) && errors.some((x) => isConnectionError(x))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The code or message worth logging, never query parameters. */
export function connectionErrorSummary(err: unknown): string {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (typeof code === 'string') return code;
    if (!cause) break;
    e = cause;
  }
  const message = (e as { message?: unknown })?.message;
  return typeof message === 'string' ? message.slice(0, 120) : 'unknown';
}
