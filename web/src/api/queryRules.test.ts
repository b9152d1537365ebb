import { QueryClient, QueryClientProvider, QueryObserver, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from './client';
import { isNotFound, retryRead, retryOnMountUnlessNotFound } from './queryRules';

/** Runs one read through TanStack Query with the app's retry rule, counting how often the server is asked. */
async function readFailingWith(error: Error) {
  let calls = 0;
  const client = new QueryClient({ defaultOptions: { queries: { retry: retryRead, retryDelay: 0 } } });
  const observer = new QueryObserver(client, {
    queryKey: ['x'],
    queryFn: async () => {
      calls++;
      throw error;
    },
  });
  const result = await new Promise<{ status: string }>((resolve) => {
    const stop = observer.subscribe((r) => {
      if (r.status === 'error') {
        stop();
        resolve(r);
      }
    });
  });
  return { calls, status: result.status };
}

describe('a page that asks for a shop or visit that does not exist', () => {
  it('hears 404 once and says so at once: the read is not asked again', async () => {
    expect(await readFailingWith(new ApiError(404, 'Not Found'))).toEqual({ calls: 1, status: 'error' });
  });
  it('is not asked again after 403 (not hers to see) or another refusal either', async () => {
    expect((await readFailingWith(new ApiError(403, 'Forbidden'))).calls).toBe(1);
    expect((await readFailingWith(new ApiError(400, 'Bad Request'))).calls).toBe(1);
  });
  it('still asks once more after a server failure or a lost connection', async () => {
    expect((await readFailingWith(new ApiError(500, 'Internal Server Error'))).calls).toBe(2);
    expect((await readFailingWith(new ApiError(0, 'network'))).calls).toBe(2);
  });
  it('counts 404 and 403 as not found, nothing else', () => {
    expect([404, 403, 401, 500, 0].map((status) => isNotFound(new ApiError(status, '')))).toEqual([true, true, false, false, false]);
    expect(isNotFound(new Error('x'))).toBe(false);
  });
});

describe('a page that opens after its prefetch met a 404', () => {
  it('shows the answer instead of asking the server again', async () => {
    let calls = 0;
    const queryFn = async () => {
      calls++;
      throw new ApiError(404, 'Not Found');
    };
    const client = new QueryClient({ defaultOptions: { queries: { retry: retryRead } } });
    await client.prefetchQuery({ queryKey: ['shops', 9], queryFn });
    const { result } = renderHook(() => useQuery({ queryKey: ['shops', 9], queryFn, retryOnMount: retryOnMountUnlessNotFound }), {
      wrapper: ({ children }) => createElement(QueryClientProvider, { client }, children),
    });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(calls).toBe(1);
  });

  it('also when the 404 arrives after the page rendered and before it listens (its code still loading)', async () => {
    let calls = 0;
    let answer404 = () => {};
    const queryFn = () => {
      calls++;
      return new Promise<never>((_, reject) => (answer404 = () => reject(new ApiError(404, 'Not Found'))));
    };
    const client = new QueryClient({ defaultOptions: { queries: { retry: retryRead } } });
    const prefetched = client.prefetchQuery({ queryKey: ['shops', 9], queryFn });
    // The page has rendered with the read still on its way...
    const page = new QueryObserver(client, { queryKey: ['shops', 9], queryFn, retryOnMount: retryOnMountUnlessNotFound });
    answer404();
    await prefetched;
    // ...and listens once the 404 is here.
    const stop = page.subscribe(() => {});
    await new Promise((resolve) => setTimeout(resolve, 10));
    stop();
    expect(calls).toBe(1);
    expect(page.getCurrentResult().isError).toBe(true);
  });
});
