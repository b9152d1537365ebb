// A tiny OpenID Connect issuer on loopback for the API tests: discovery, JWKS, a token endpoint that
// checks PKCE and signs real RS256 ID tokens, and an end-session endpoint. The browser flow itself is
// tested end to end against oidc-provider (e2e/tests/oidc.spec.ts).
import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeIssuer {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Registers an authorization code as if the user signed in with these claims. */
  issueCode(authorizeUrl: URL, claims: Record<string, unknown>): string;
  close(): Promise<void>;
}

const b64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

export async function startFakeIssuer(options: { endSession?: boolean } = {}): Promise<FakeIssuer> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'test', alg: 'RS256', use: 'sig' };
  const clientId = 'prospectie';
  const clientSecret = 'geheim';
  const codes = new Map<string, { nonce: string; challenge: string; claims: Record<string, unknown> }>();
  let url = '';

  const signIdToken = (payload: Record<string, unknown>) => {
    const input = `${b64url(JSON.stringify({ alg: 'RS256', kid: 'test', typ: 'JWT' }))}.${b64url(JSON.stringify(payload))}`;
    return `${input}.${b64url(createSign('RSA-SHA256').update(input).sign(privateKey))}`;
  };

  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', url).pathname;
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (path === '/.well-known/openid-configuration') {
      return json(200, {
        issuer: url,
        authorization_endpoint: `${url}/authorize`,
        token_endpoint: `${url}/token`,
        jwks_uri: `${url}/jwks`,
        ...(options.endSession === false ? {} : { end_session_endpoint: `${url}/end_session` }),
        response_types_supported: ['code'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (path === '/jwks') return json(200, { keys: [jwk] });
    if (path === '/token' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) return json(401, { error: 'invalid_client' });
        const verifier = form.get('code_verifier') ?? '';
        if (!grant || createHash('sha256').update(verifier).digest('base64url') !== grant.challenge) {
          return json(400, { error: 'invalid_grant', error_description: 'unknown code or wrong verifier' });
        }
        const now = Math.floor(Date.now() / 1000);
        // Each account its own subject (as at a real issuer), unless the test names one.
        const username = grant.claims.preferred_username ?? grant.claims.email ?? grant.claims.upn ?? 'user-1';
        const idToken = signIdToken({
          iss: url,
          aud: clientId,
          sub: `sub-${String(username).toLowerCase()}`,
          nonce: grant.nonce,
          iat: now,
          exp: now + 300,
          ...grant.claims,
        });
        return json(200, { access_token: 'at', token_type: 'Bearer', expires_in: 300, id_token: idToken });
      });
      return;
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    clientId,
    clientSecret,
    issueCode(authorizeUrl, claims) {
      const code = randomBytes(16).toString('hex');
      codes.set(code, {
        nonce: authorizeUrl.searchParams.get('nonce') ?? '',
        challenge: authorizeUrl.searchParams.get('code_challenge') ?? '',
        claims,
      });
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A server that accepts connections and never answers, to make the issuer time out. */
export async function startSilentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(() => {
    /* never answers */
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
