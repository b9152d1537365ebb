// The typed way to call a declared endpoint (docs/decisions/046-one-declaration-per-endpoint.md): its address comes from
// contract/src/endpoints/addresses.ts, its types from its declaration, so no path is typed here and the answer's type
// follows the declaration. Only the address travels into a screen's code, never the schemas.
import type { Address, Endpoint, EndpointBody, EndpointParams, EndpointQuery, EndpointResult } from '@prospectie/contract/endpoint';
import { endpointUrl } from '@prospectie/contract/endpoint';
import type * as Declared from '@prospectie/contract/endpoints';
import { api, type RequestOptions } from './client';
import { apiList } from './listInWorker';

/** The declaration at this address: the one endpoint with its method and path. */
type Declaration<A extends Address> = Extract<
  (typeof Declared)[keyof typeof Declared],
  Endpoint & { method: A['method']; path: A['path'] }
>;

/** What a call to this address answers. */
export type CallResult<A extends Address> = EndpointResult<Declaration<A>>;

/** What a call gives besides its address: the params and body its declaration has (then required), a query if any. */
export type CallInput<A extends Address> = (EndpointParams<Declaration<A>> extends undefined
  ? { params?: undefined }
  : { params: EndpointParams<Declaration<A>> }) &
  (EndpointBody<Declaration<A>> extends undefined ? { body?: undefined } : { body: EndpointBody<Declaration<A>> }) & {
    query?: EndpointQuery<Declaration<A>>;
    headers?: Record<string, string>;
    signal?: AbortSignal;
  };

/** The input is optional only for an endpoint that needs none. */
type Rest<A extends Address> = object extends CallInput<A> ? [input?: CallInput<A>] : [input: CallInput<A>];

/** The address under /api of a call, its parameters filled in: what the outbox keeps for a write sent later. */
export function callPath<A extends Address>(address: A, ...[input]: Rest<A>): string {
  return endpointUrl(address, input?.params as Record<string, unknown>, input?.query as Record<string, unknown>);
}

/** Calls a declared endpoint; resolves with its answer, rejects with an ApiError as `api` does. */
export function call<A extends Address>(address: A, ...[input]: Rest<A>): Promise<EndpointResult<Declaration<A>>> {
  const { body, headers, signal } = (input ?? {}) as RequestOptions;
  return api(callPath<Address>(address, input as never), { method: address.method, body, headers, signal });
}

/** Calls a declared endpoint that answers a long list: read and parsed in a worker (listInWorker.ts). */
export function callList<A extends Address>(address: A, ...[input]: Rest<A>): Promise<EndpointResult<Declaration<A>>> {
  return apiList(callPath<Address>(address, input as never)) as Promise<EndpointResult<Declaration<A>>>;
}
