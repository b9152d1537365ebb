// A file sent as the raw body of a POST or PUT (the calendar's .ics, the administration's imports, a visit's pictures), with its upload's
// progress: XMLHttpRequest is the one browser API that reports it. Headers and errors as api() in client.ts.
import { API_ROOT, endpointUrl, type Address, type HttpMethod } from '@prospectie/contract/endpoint';
import type { ApiErrorBody } from '@prospectie/contract/errors';
import { CLIENT_HEADER } from '@prospectie/contract/headers';
import type { CallInput, CallResult } from './call';
import { ApiError, noAnswer } from './client';
import { callAnswered } from './connection';

export interface UploadOptions {
  /** The body's type; the server accepts a file only with the types its route lists. */
  contentType: string;
  /** POST when absent; a picture is PUT under the id the device made for it (decision 035). */
  method?: HttpMethod;
  /** The part of the file sent so far, 0 to 1; at 1 the server is at work. */
  onProgress?: (fraction: number) => void;
}

/** Sends `file` to `path` under the API's root; resolves with the JSON answer, rejects with an ApiError (status 0: no connection). */
export function uploadFile<T>(path: string, file: Blob, { contentType, method = 'POST', onProgress }: UploadOptions): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, `${API_ROOT}${path}`);
    request.setRequestHeader('content-type', contentType);
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader(CLIENT_HEADER, '1');
    if (onProgress) request.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    request.onerror = () => reject(noAnswer());
    request.onload = () => {
      callAnswered();
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        /* no JSON: the status decides */
      }
      if (request.status >= 200 && request.status < 300) return resolve(body as T);
      const error = (body ?? {}) as Partial<ApiErrorBody>;
      reject(new ApiError(request.status, error.message ?? request.statusText, error.error, error.code, error.field, error.rule));
    };
    request.send(file);
  });
}

/** Sends a file as the raw body of a declared endpoint, with its upload's progress (only screens that send files load this). */
export function upload<A extends Address>(
  address: A,
  file: Blob,
  { params, query, ...options }: Omit<UploadOptions, 'method'> & Pick<CallInput<A>, 'params' | 'query'>,
): Promise<CallResult<A>> {
  const path = endpointUrl(address, params as Record<string, unknown>, query as Record<string, unknown>);
  return uploadFile(path, file, { ...options, method: address.method });
}
