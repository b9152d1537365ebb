// The one way the web app talks to the server: same-origin JSON with the app header, errors as ApiError.
import type { ApiErrorBody, ErrorCode, ValidationRule } from '@prospectie/contract/errors';
import { CLIENT_HEADER } from '@prospectie/contract/headers';
import { API_ROOT } from '@prospectie/contract/endpoint';
import { authConfig, demoSignIn, signOut } from '@prospectie/contract/endpoints/addresses';
import { callAnswered, callFailedOnNetwork } from './connection';

/** A failed call: the status, the server's error code and field, and the rule a refused field broke (what to show is decided by the codes). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly error = '',
    readonly code?: ErrorCode,
    readonly field?: string,
    readonly rule?: ValidationRule,
  ) {
    super(message);
  }
  /** True when the server could not be reached at all. */
  get isNetwork() {
    return this.status === 0;
  }
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();
/** Called when any call meets an expired or missing session. */
export function onUnauthorized(listener: Listener) {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The headers of every call: JSON, and the app's own header (the server refuses calls without it). */
export const CALL_HEADERS = { accept: 'application/json', [CLIENT_HEADER]: '1' } as const;

/** Calls whose 401 is their own answer (a refused sign-in), not a session that ended. */
const SIGNING_IN = new Set<string>([authConfig.path, demoSignIn.path, signOut.path]);

export async function api<T>(path: string, { method = 'GET', body, headers, signal }: RequestOptions = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${API_ROOT}${path}`, {
      method,
      credentials: 'same-origin',
      signal,
      headers: {
        ...CALL_HEADERS,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw noAnswer();
  }
  if (res.status === 204) return undefined as T;
  return answer<T>(path, res.status, res.statusText, await res.text());
}

/** The error of a call the server never answered; the app then finds out whether it is offline (connection.ts). */
export function noAnswer(): ApiError {
  callFailedOnNetwork();
  return new ApiError(0, 'network');
}

/** What a call answered: the body read as JSON, or the ApiError of a refusal (a 401 also tells the listeners). */
export function answer<T>(path: string, status: number, statusText: string, text: string): T {
  callAnswered();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (status < 200 || status > 299) {
    const payload = (data ?? {}) as Partial<ApiErrorBody>;
    if (status === 401 && !SIGNING_IN.has(path)) unauthorizedListeners.forEach((l) => l());
    throw new ApiError(status, payload.message ?? statusText, payload.error, payload.code, payload.field, payload.rule);
  }
  return data as T;
}

/**
 * For writes sent with an Idempotency-Key: 409 means the server is still busy with the same key (an earlier
 * attempt of this very write). Ask again a moment later; once it is done the server replays its answer.
 */
export const retryWhileInProgress = {
  retry: (failures: number, err: Error) => err instanceof ApiError && err.status === 409 && failures < 5,
  retryDelay: (attempt: number) => 500 * 2 ** attempt,
};
