// Response headers a browser relies on: a strict Content-Security-Policy (object-src and base-uri 'none',
// no framing), nosniff, HSTS only when the app is served over https, and the session cookie's flags.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_HEADER } from '@prospectie/contract';
import { createTestContext, signInTo, type TestContext } from '../test/harness.js';

function csp(header: string | string[] | number | undefined): Map<string, string> {
  expect(typeof header).toBe('string');
  return new Map(
    (header as string)
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name, values.join(' ')] as [string, string];
      }),
  );
}

describe.each([
  { scheme: 'http', publicUrl: 'http://localhost:3000' },
  { scheme: 'https', publicUrl: 'https://prospectie.fc70.example' },
])('response headers when served over $scheme', ({ scheme, publicUrl }) => {
  let ctx: TestContext;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'prospectie-h9s-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Prospectie</title>');
    // As the web build lists the page's own script and styles and each first screen's code; nothing outside /assets
    // counts.
    const chunks = {
      shell: ['/assets/index-e5.js', '/assets/index-f6.css'],
      home: ['/assets/ShopSelect-a1.js', '/assets/format-b2.js', '/elsewhere.js'],
      shop: ['/assets/ShopPage-c3.js', '/assets/ShopPage-d4.css'],
    };
    writeFileSync(path.join(webDist, 'screen-chunks.json'), JSON.stringify(chunks));
    ctx = await createTestContext('pglite', { config: { publicUrl, webDist } });
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const https = scheme === 'https';

  it('sends the CSP, nosniff and (only over https) HSTS on the app, the API and errors alike', async () => {
    const responses = {
      page: await ctx.app.inject({ url: '/shop/1' }),
      api: await ctx.app.inject({ url: '/api/health' }),
      unauthorised: await ctx.app.inject({ url: '/api/shops' }),
      missing: await ctx.app.inject({ url: '/api/bestaat-niet' }),
      // An address the router cannot decode: the app (which shows its Dutch error page), an API path JSON.
      malformedPage: await ctx.app.inject({ url: '/shop/%E0%A4%A' }),
      malformedApi: await ctx.app.inject({ url: '/api/shops/%E0%A4%A' }),
    };
    expect(responses.page.statusCode).toBe(200);
    expect(responses.page.headers['content-type']).toMatch(/^text\/html/);
    expect(responses.malformedPage.statusCode).toBe(200);
    expect(responses.malformedPage.body).toContain('<title>Prospectie</title>');
    expect(responses.malformedApi.statusCode).toBe(400);
    expect(responses.malformedApi.json()).toMatchObject({ code: 'validation_failed', field: 'params' });
    for (const [what, res] of Object.entries(responses)) {
      const policy = csp(res.headers['content-security-policy']);
      expect(policy.get('object-src'), what).toBe("'none'");
      expect(policy.get('base-uri'), what).toBe("'none'");
      expect(policy.get('frame-ancestors'), what).toBe("'none'");
      expect(policy.get('default-src'), what).toBe("'self'");
      expect(policy.get('script-src'), what).toBe("'self'");
      expect(policy.has('upgrade-insecure-requests'), what).toBe(https);
      expect(res.headers['x-content-type-options'], what).toBe('nosniff');
      expect(res.headers['referrer-policy'], what).toBe('no-referrer');
      if (https) {
        const hsts = String(res.headers['strict-transport-security']);
        expect(Number(/max-age=(\d+)/.exec(hsts)?.[1]), what).toBeGreaterThanOrEqual(31536000);
        expect(hsts, what).toContain('includeSubDomains');
      } else {
        expect(res.headers['strict-transport-security'], what).toBeUndefined();
      }
    }
  });

  // Home's and a shop's first answers are in the page the server writes (decision 073), so its Link names only code;
  // this page has no root to write into, and the reads are preloaded as before (ops/firstScreen.ts).
  it("preloads a signed-in rep's first API reads and screen code of Home and a shop page, and nothing for anyone else", async () => {
    const signedIn = { cookie: await signInTo(ctx.app) };
    const me = (await ctx.app.inject({ url: '/api/me', headers: signedIn })).json() as { employee: { id: number } };
    const link = async (url: string, headers?: Record<string, string>) => (await ctx.app.inject({ url, headers })).headers.link;
    const read = (p: string) => `<${p}>; rel=preload; as=fetch; crossorigin=anonymous`;
    // The page's own code first, then who is signed in, then the screen's reads and code.
    const shell = ['</assets/index-e5.js>; rel=modulepreload', '</assets/index-f6.css>; rel=preload; as=style; crossorigin=anonymous'];
    const home = [
      ...shell,
      read('/api/me'),
      read('/api/me/today'),
      read('/api/me/due-shops'),
      read(`/api/employees/${me.employee.id}/todos`),
      '</assets/ShopSelect-a1.js>; rel=modulepreload',
      '</assets/format-b2.js>; rel=modulepreload',
    ];
    expect(await link('/', signedIn)).toBe(home.join(', '));
    expect(await link('/shop/12', signedIn)).toBe(
      [
        ...shell,
        read('/api/me'),
        read('/api/shops/12'),
        '</assets/ShopPage-c3.js>; rel=modulepreload',
        '</assets/ShopPage-d4.css>; rel=preload; as=style; crossorigin=anonymous',
      ].join(', '),
    );
    expect(await link('/agenda', signedIn)).toBeUndefined();
    expect(await link('/shop/12abc', signedIn)).toBeUndefined();
    // No session, or one that is not (any longer) valid: nothing is preloaded, nobody's id is named.
    expect(await link('/')).toBeUndefined();
    expect(await link('/', { cookie: `${signedIn.cookie.split('=')[0]}=not-a-session` })).toBeUndefined();
    expect(await link('/shop/12')).toBeUndefined();
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, Path=/ (and over https Secure with the __Host- prefix)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/demo',
      headers: { [CLIENT_HEADER]: '1' },
      payload: { email: 'demo@example.com' },
    });
    expect(res.statusCode).toBe(204);
    const session = res.cookies.find((c) => c.name.endsWith('prospectie_session'))!;
    expect(session.name).toBe(https ? '__Host-prospectie_session' : 'prospectie_session');
    expect(session.httpOnly).toBe(true);
    expect(String(session.sameSite).toLowerCase()).toBe('lax');
    expect(session.path).toBe('/');
    expect(session.domain).toBeUndefined();
    expect(session.secure ?? false).toBe(https);
    expect(session.value.length).toBeGreaterThanOrEqual(32);
  });
});
