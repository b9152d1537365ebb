// Who signs in through the issuer (decision 029): the account is found by the issuer's stable identifier, the
// token's roles claim counts instead of the app's, a new account may be created from the token, and a
// deactivated one is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import { startFakeIssuer, type FakeIssuer } from '../test/fakeIssuer.js';
import { createTestContext, dbKinds, queryRows, writeHeaders, type TestContext } from '../test/harness.js';

const PUBLIC_URL = 'http://localhost:3000';
const TENANT = '72f988bf-0000-4000-8000-000000000001';

describe.each(dbKinds)('accounts from the sign-in on %s', (kind) => {
  let issuer: FakeIssuer;
  /** Auto-provisioning off (as by default). */
  let plain: TestContext;
  /** OIDC_AUTO_PROVISION=true, for holders of Prospectie.Medewerker only. */
  let provisioning: TestContext;

  const oidcConfig = (extra: Partial<NonNullable<Config['oidc']>> = {}): Partial<Config> => ({
    authMode: 'oidc',
    publicUrl: PUBLIC_URL,
    oidc: { issuer: issuer.url, clientId: issuer.clientId, clientSecret: issuer.clientSecret, timeoutSeconds: 5, ...extra },
  });

  beforeAll(async () => {
    issuer = await startFakeIssuer();
    plain = await createTestContext(kind, { config: { ...oidcConfig(), adminLogins: ['eerste.beheerder@fc70.example'] } });
    provisioning = await createTestContext(kind, {
      config: oidcConfig({ autoProvision: true, autoProvisionRole: 'Prospectie.Medewerker' }),
    });
  }, 120_000);
  afterAll(async () => {
    await plain?.close();
    await provisioning?.close();
    await issuer?.close();
  });

  /** The whole single sign-on with these claims; the session cookie, or the sign-in screen's error code. */
  async function signIn(ctx: TestContext, claims: Record<string, unknown>): Promise<{ cookie: string | null; loginError: string | null }> {
    const start = await ctx.app.inject({ url: '/api/auth/login?returnTo=%2F' });
    const authorizeUrl = new URL(start.headers.location!);
    const login = start.cookies.find((c) => c.name === 'prospectie_login')!;
    const code = issuer.issueCode(authorizeUrl, claims);
    const res = await ctx.app.inject({
      url: `/api/auth/callback?${new URLSearchParams({ code, state: authorizeUrl.searchParams.get('state')! })}`,
      headers: { cookie: `${login.name}=${login.value}` },
    });
    expect(res.statusCode).toBe(302);
    const session = res.cookies.find((c) => c.name === 'prospectie_session' && c.value);
    const location = new URL(res.headers.location!, PUBLIC_URL);
    return { cookie: session ? `${session.name}=${session.value}` : null, loginError: location.searchParams.get('loginError') };
  }
  const me = async (ctx: TestContext, cookie: string) => (await ctx.app.inject({ url: '/api/me', headers: { cookie } })).json();
  const adminPeople = (ctx: TestContext, cookie: string) => ctx.app.inject({ url: '/api/admin/people', headers: { cookie } });

  it('lets a token with the Prospectie.Beheerder app role into the administration', async () => {
    // Sofie has no role in the app; her token grants it.
    const { cookie } = await signIn(plain, {
      preferred_username: 'demo@example.com',
      roles: ['Prospectie.Medewerker', 'Prospectie.Beheerder'],
    });
    expect((await me(plain, cookie!)).roles).toEqual(['medewerker', 'beheerder']);
    expect((await adminPeople(plain, cookie!)).statusCode).toBe(200);
  });

  it('counts the token’s roles instead of the app’s when it sends a roles claim, and the app’s when it sends none', async () => {
    // beheer@example.com is beheerder in the app: a token whose roles claim lacks it takes it away for this session.
    const withClaim = await signIn(plain, { preferred_username: 'beheer@example.com', roles: ['Prospectie.Medewerker'] });
    expect((await me(plain, withClaim.cookie!)).roles).toEqual(['medewerker']);
    const refused = await adminPeople(plain, withClaim.cookie!);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('role_required');
    const withoutClaim = await signIn(plain, { preferred_username: 'beheer@example.com' });
    expect((await me(plain, withoutClaim.cookie!)).roles).toEqual(['medewerker', 'beheerder']);
    expect((await adminPeople(plain, withoutClaim.cookie!)).statusCode).toBe(200);
  });

  it('lets the first administrator of ADMIN_LOGINS in on her first sign-in, auto-provisioning or not', async () => {
    const claims = { preferred_username: 'Eerste.Beheerder@fc70.example', given_name: 'Eva', tid: TENANT, oid: 'oid-eva' };
    const first = await signIn(plain, claims);
    expect(first.loginError).toBeNull();
    const eva = await me(plain, first.cookie!);
    expect(eva).toMatchObject({ employee: null, roles: ['medewerker', 'beheerder'] });
    expect((await adminPeople(plain, first.cookie!)).statusCode).toBe(200);
    const again = await signIn(plain, claims);
    expect((await me(plain, again.cookie!)).user.id).toBe(eva.user.id);
  });

  it('refuses an unknown account without auto-provisioning (Gebruiker niet gevonden)', async () => {
    const before = await plain.rowCounts();
    const res = await signIn(plain, {
      preferred_username: 'nieuwe.collega@fc70.example',
      given_name: 'Nele',
      family_name: 'Nieuw',
      tid: TENANT,
      oid: 'oid-nele',
      roles: ['Prospectie.Medewerker'],
    });
    expect(res).toEqual({ cookie: null, loginError: 'unknown_user' });
    expect(await plain.rowCounts()).toEqual(before);
  });

  it('creates a new account from the token with OIDC_AUTO_PROVISION=true, greeted by her given name, and logs it', async () => {
    const claims = {
      preferred_username: 'nieuwe.collega@fc70.example',
      given_name: 'Nele',
      family_name: 'Nieuwdorp',
      tid: TENANT,
      oid: 'oid-nele',
      roles: ['Prospectie.Medewerker'],
    };
    const { cookie } = await signIn(provisioning, claims);
    expect(cookie).not.toBeNull();
    const her = await me(provisioning, cookie!);
    expect(her).toMatchObject({
      user: { login: 'nieuwe.collega@fc70.example' },
      employee: { firstName: 'Nele', name: 'Nieuwdorp' },
      roles: ['medewerker'],
    });
    // She is a colleague now, and the log says the sign-in made her (no administrator).
    const employees = (await provisioning.app.inject({ url: '/api/employees', headers: { cookie: cookie! } })).json();
    expect(employees.map((e: { id: number }) => e.id)).toContain(her.employee.id);
    const [entry] = await queryRows<{ action: string; actor_user_id: number | null; entity_id: number }>(
      provisioning.database,
      sql`select action, actor_user_id, entity_id from audit_log where entity = 'person' and entity_id = ${her.user.id}`,
    );
    expect(entry).toEqual({ action: 'person.provision', actor_user_id: null, entity_id: her.user.id });
    // Signing in again is the same account, not a second one.
    const again = await signIn(provisioning, claims);
    expect((await me(provisioning, again.cookie!)).user.id).toBe(her.user.id);
  });

  it('provisions only holders of OIDC_AUTO_PROVISION_ROLE', async () => {
    const before = await provisioning.rowCounts();
    for (const roles of [undefined, [], ['Iets.Anders']]) {
      const res = await signIn(provisioning, {
        preferred_username: 'gast@partner.example',
        given_name: 'Gast',
        tid: TENANT,
        oid: 'oid-gast',
        ...(roles ? { roles } : {}),
      });
      expect(res, JSON.stringify(roles)).toEqual({ cookie: null, loginError: 'unknown_user' });
    }
    expect(await provisioning.rowCounts()).toEqual(before);
  });

  it('keeps the same person when her preferred_username changes but her oid does not', async () => {
    const first = await signIn(plain, { preferred_username: 'collega@example.com', tid: TENANT, oid: 'oid-jan' });
    const jan = await me(plain, first.cookie!);
    expect(jan.employee.firstName).toBe('Jan');
    const renamed = await signIn(plain, { preferred_username: 'jan.maes@fc70-nieuw.example', tid: TENANT, oid: 'oid-jan' });
    const stillJan = await me(plain, renamed.cookie!);
    expect(stillJan.user.id).toBe(jan.user.id);
    expect(stillJan.employee.firstName).toBe('Jan');
    expect(stillJan.user.login).toBe('jan.maes@fc70-nieuw.example');
    // The old username of another oid is not Jan: a new person at the issuer with his old name is refused.
    const stranger = await signIn(plain, { preferred_username: 'collega@example.com', tid: TENANT, oid: 'oid-iemand-anders' });
    expect(stranger).toEqual({ cookie: null, loginError: 'unknown_user' });
  });

  it('refuses a deactivated account at the sign-in, and ends her sessions at once', async () => {
    const admin = await signIn(plain, { preferred_username: 'beheer@example.com' });
    const first = await signIn(plain, { email: 'vera.vertrek@fc70.example', tid: TENANT, oid: 'oid-vera' });
    expect(first.loginError).toBe('unknown_user');
    const created = await plain.app.inject({
      method: 'POST',
      url: '/api/admin/people',
      headers: writeHeaders(admin.cookie!),
      payload: { login: 'vera.vertrek@fc70.example', firstName: 'Vera', name: 'Vertrek' },
    });
    expect(created.statusCode).toBe(201);
    const vera = await signIn(plain, { email: 'vera.vertrek@fc70.example', tid: TENANT, oid: 'oid-vera' });
    expect((await me(plain, vera.cookie!)).employee.firstName).toBe('Vera');
    const people = (await adminPeople(plain, admin.cookie!)).json() as { userId: number; linked: boolean }[];
    expect(people.find((p) => p.userId === created.json().userId)!.linked).toBe(true);

    const off = await plain.app.inject({
      method: 'PATCH',
      url: `/api/admin/people/${created.json().userId}`,
      headers: writeHeaders(admin.cookie!),
      payload: { active: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await plain.app.inject({ url: '/api/me', headers: { cookie: vera.cookie! } })).statusCode).toBe(401);
    const refused = await signIn(plain, { email: 'vera.vertrek@fc70.example', tid: TENANT, oid: 'oid-vera' });
    expect(refused).toEqual({ cookie: null, loginError: 'deactivated' });
  });
});
