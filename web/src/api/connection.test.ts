import { onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The network as the phone sees it: it has one (navigator.onLine), and the server answers or not.
let serverAnswers = true;
const healthChecks: string[] = [];
const calls: string[] = [];

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
  serverAnswers = true;
  healthChecks.length = 0;
  calls.length = 0;
  vi.stubGlobal('fetch', async (url: string) => {
    (url === '/api/health' ? healthChecks : calls).push(url);
    if (!serverAnswers) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(url === '/api/health' ? { status: 'ok' } : [{ id: 1 }]), { status: 200 });
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

/** The app's wiring as main.tsx makes it: onlineManager listens to the connection. */
async function app() {
  const connection = await import('./connection');
  const { api } = await import('./client');
  onlineManager.setEventListener(connection.listenToConnection);
  return { api, connection };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('a phone that says it has a network while the server cannot be reached', () => {
  it('counts as offline once a call and the health check both got no answer, and as online once the server answers again', async () => {
    const { api, connection } = await app();
    expect(onlineManager.isOnline()).toBe(true);

    serverAnswers = false;
    await expect(api('/shops')).rejects.toMatchObject({ status: 0 });
    await settle();
    expect(healthChecks).toHaveLength(1);
    expect(onlineManager.isOnline()).toBe(false);

    // Asked again every few seconds, not more.
    await vi.advanceTimersByTimeAsync(connection.PROBE_EVERY_MS * 3);
    expect(healthChecks).toHaveLength(4);
    expect(onlineManager.isOnline()).toBe(false);

    serverAnswers = true;
    await vi.advanceTimersByTimeAsync(connection.PROBE_EVERY_MS);
    expect(onlineManager.isOnline()).toBe(true);
    // And then left alone.
    await vi.advanceTimersByTimeAsync(connection.PROBE_EVERY_MS * 5);
    expect(healthChecks).toHaveLength(5);
  });

  it('stays online when one call failed but the server answers the health check (a dropped request, not a lost connection)', async () => {
    const { api } = await app();
    vi.stubGlobal('fetch', async (url: string) => {
      if (url !== '/api/health') throw new TypeError('Failed to fetch');
      healthChecks.push(url);
      return new Response('{"status":"ok"}', { status: 200 });
    });
    await expect(api('/shops')).rejects.toMatchObject({ status: 0 });
    await settle();
    expect(healthChecks).toHaveLength(1);
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('a read that met no answer waits for the connection instead of failing, and is read once the server is back', async () => {
    const { api, connection } = await app();
    const client = new QueryClient({ defaultOptions: { queries: { retry: 1, retryDelay: 1000 } } });
    client.mount(); // as QueryClientProvider does: it then hears when the app is online again
    serverAnswers = false;
    const observer = new QueryObserver(client, { queryKey: ['shops'], queryFn: () => api<{ id: number }[]>('/shops') });
    const stop = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(1500);
    expect(observer.getCurrentResult()).toMatchObject({ isPending: true, isError: false, fetchStatus: 'paused' });

    serverAnswers = true;
    await vi.advanceTimersByTimeAsync(connection.PROBE_EVERY_MS);
    await settle();
    expect(observer.getCurrentResult()).toMatchObject({ isSuccess: true, data: [{ id: 1 }] });
    stop();
    client.unmount();
  });

  it('a phone without a network is offline at once, without asking the server', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    serverAnswers = false;
    const { api } = await app();
    expect(onlineManager.isOnline()).toBe(false);
    await expect(api('/shops')).rejects.toMatchObject({ status: 0 });
    await settle();
    expect(healthChecks).toHaveLength(0);
  });
});
