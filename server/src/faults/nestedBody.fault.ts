// A flood of deeply nested JSON (a megabyte of `[`, four at a time) must not stall anyone else: each is
// refused after one scan, and /api/health keeps answering meanwhile. Before decision 059 each such body held the
// event loop for 0.7–1.3 s and four at once made /api/health take 2.5 s. Timed, so it runs with the fault
// suites (`npm run test:faults`), not in `npm test`.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_HEADER } from '@prospectie/contract';
import { buildApp, type App } from '../app.js';
import type { Database } from '../db/client.js';
import { seedDemo } from '../db/seed.js';
import { createTestDatabase, testConfig } from '../test/harness.js';

describe('deeply nested bodies, four at a time', () => {
  let database: Database;
  let app: App;
  let base: string;
  let cookie: string;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await seedDemo(database.db, new Date(2026, 10, 23), { shops: 5 });
    app = await buildApp({ config: testConfig(), database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const res = await fetch(`${base}/api/auth/demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CLIENT_HEADER]: '1' },
      body: JSON.stringify({ email: 'demo@example.com' }),
    });
    cookie = res.headers.getSetCookie()[0].split(';')[0];
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('are each refused with a 400 while /api/health keeps answering within half a second', async () => {
    const body = '['.repeat(1024 * 1024 - 100);
    const send = () =>
      fetch(`${base}/api/shops/1/prospections`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CLIENT_HEADER]: '1', cookie },
        body,
      }).then(async (r) => ({ status: r.status, code: ((await r.json()) as { code: string }).code }));
    for (let round = 0; round < 5; round++) {
      const floods = Promise.all([send(), send(), send(), send()]);
      const started = performance.now();
      const health = await fetch(`${base}/api/health`);
      const healthMs = performance.now() - started;
      expect(health.status).toBe(200);
      expect(healthMs).toBeLessThan(500);
      for (const answer of await floods) expect(answer).toEqual({ status: 400, code: 'body_too_deep' });
    }
  });
});
