// Responses are compressed as the client accepts (docs/decisions/016-response-compression.md).
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/harness.js';

describe('response compression', () => {
  let ctx: TestContext;
  let cookie: string;
  beforeAll(async () => {
    ctx = await createTestContext('pglite');
    cookie = await ctx.signIn('demo@example.com');
  });
  afterAll(async () => ctx.close());

  const shops = (acceptEncoding?: string) =>
    ctx.app.inject({ url: '/api/shops', headers: { cookie, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });

  it('sends the shop list with brotli when accepted, and it reads back as the same list', async () => {
    const plain = await shops();
    const br = await shops('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('falls back to gzip, and sends it plain to a client that accepts neither', async () => {
    const gz = await shops('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toHaveLength((await shops()).json().length);
    const plain = await shops('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().length).toBeGreaterThan(0);
  });

  it('leaves small responses alone', async () => {
    const res = await ctx.app.inject({ url: '/api/auth/config', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ authMode: 'demo' });
  });
});
