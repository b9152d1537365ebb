// Responses are compressed as the client accepts (docs/decisions/016-response-compression.md).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
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

  it('sends an XLSX export as it is: a zip already, compressed again it only costs the server time', async () => {
    const manager = await ctx.signIn('manager@example.com');
    const res = await ctx.app.inject({
      url: '/api/overview/export.xlsx?from=2020-01-01&to=2030-12-31',
      headers: { cookie: manager, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('leaves small responses alone', async () => {
    const res = await ctx.app.inject({ url: '/api/auth/config', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ authMode: 'demo' });
  });
});

describe("the web build's compressed files", () => {
  let ctx: TestContext;
  let webDist: string;
  const script = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `rij ${i}`))};`;
  // Written apart from the script, so that a file sent as it is can be told from one compressed on the fly.
  const brotli = brotliCompressSync(Buffer.from(script));
  const gzipped = gzipSync(Buffer.from(script), { level: 9 });
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'prospectie-precompressed-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Prospectie</title>');
    writeFileSync(path.join(webDist, 'assets', 'app-1.js'), script);
    writeFileSync(path.join(webDist, 'assets', 'app-1.js.br'), brotli);
    writeFileSync(path.join(webDist, 'assets', 'app-1.js.gz'), gzipped);
    writeFileSync(path.join(webDist, 'assets', 'other-2.js'), script);
    writeFileSync(path.join(webDist, 'first-paint.js'), script);
    writeFileSync(path.join(webDist, 'sw.js'), script);
    mkdirSync(path.join(webDist, 'icons'));
    writeFileSync(path.join(webDist, 'icons', 'icon-192.png'), 'png');
    ctx = await createTestContext('pglite', { config: { webDist } });
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding: string) => ctx.app.inject({ url, headers: { 'accept-encoding': acceptEncoding } });

  it('sends the brotli or gzip file the build wrote, as it is, with the script type and a long cache', async () => {
    const br = await get('/assets/app-1.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toMatch(/immutable/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.equals(brotli)).toBe(true);
    const gz = await get('/assets/app-1.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(gzipped)).toBe(true);
    const plain = await get('/assets/app-1.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses a file without a compressed twin on the fly', async () => {
    const res = await get('/assets/other-2.js', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('has every file outside /assets/ asked again each time: their names stay the same from one version to the next', async () => {
    for (const url of ['/first-paint.js', '/sw.js', '/icons/icon-192.png']) {
      const res = await get(url, 'identity');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await get('/assets/app-1.js', 'identity')).headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
  });
});
