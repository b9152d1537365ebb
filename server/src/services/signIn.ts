// Which account a single sign-on is (decision 029): by the issuer's stable identifier, stored at the first sign-in;
// the username finds the row only that first time, since it may change. With auto-provisioning, an account
// of the tenant that signs in for the first time gets its user and employee from the token.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { SignInClaims } from '../auth/oidc.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { DomainError } from '../errors.js';
import { createPerson } from './admin/people.js';
import { writeAudit } from './audit.js';

export type SignInOutcome = { userId: number } | { refused: 'unknown_user' | 'deactivated' };

export interface ProvisionSettings {
  autoProvision?: boolean;
  /** Only a token whose roles claim holds this value is provisioned. */
  autoProvisionRole?: string;
  /** ADMIN_LOGINS (lower-cased): such a login signs in even on an empty database (adminAccount). */
  adminLogins?: readonly string[];
}

/**
 * The account of a login of ADMIN_LOGINS, made at its first sign-in when the database has none (SEED=none: the
 * first administrator must get in to add everyone else). It gets no employee: she administers; giving her both
 * names in the administration adds one. Logged as person.provision, with no actor.
 */
async function adminAccount(db: Db, login: string, externalId: string | null, adminLogins: readonly string[] = []) {
  if (!adminLogins.includes(login.toLowerCase())) return null;
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ login, externalId })
      .onConflictDoNothing()
      .returning({ id: users.id, active: users.active });
    if (!user) return null;
    await writeAudit(tx, {
      actorUserId: null,
      action: 'person.provision',
      entity: 'person',
      entityId: user.id,
      before: null,
      after: { login, firstName: null, name: null, roles: [], active: true },
    });
    return user;
  });
}

/** The demo sign-in's account: the login's (case-insensitive), or a new one for a login of ADMIN_LOGINS. */
export async function demoAccount(db: Db, login: string, adminLogins: readonly string[]) {
  const [row] = await db.select({ id: users.id, active: users.active }).from(users).where(byLogin(login.trim()));
  return row ?? (await adminAccount(db, login.trim(), null, adminLogins));
}

const byLogin = (login: string) => eq(sql`lower(${users.login})`, login.toLowerCase());

export async function matchAccount(db: Db, claims: SignInClaims, settings: ProvisionSettings, attempt = 1): Promise<SignInOutcome> {
  const [known] = await db
    .select({ id: users.id, login: users.login, active: users.active })
    .from(users)
    .where(eq(users.externalId, claims.externalId));
  if (known) {
    if (!known.active) return { refused: 'deactivated' };
    // A new username at the issuer (a married name, a new domain): the login follows when no one else has it.
    if (claims.username && claims.username.toLowerCase() !== known.login.toLowerCase()) {
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(byLogin(claims.username), ne(users.id, known.id)));
      if (!taken) await db.update(users).set({ login: claims.username }).where(eq(users.id, known.id));
    }
    return { userId: known.id };
  }
  if (claims.username) {
    // The first single sign-on of an account the administrator (or the seed) made: link it for good.
    const [linked] = await db
      .update(users)
      .set({ externalId: claims.externalId })
      .where(and(byLogin(claims.username), isNull(users.externalId)))
      .returning({ id: users.id, active: users.active });
    if (linked) return linked.active ? { userId: linked.id } : { refused: 'deactivated' };
  }
  const admin = claims.username ? await adminAccount(db, claims.username, claims.externalId, settings.adminLogins) : null;
  if (admin) return { userId: admin.id };
  const mayProvision =
    settings.autoProvision && claims.username && (!settings.autoProvisionRole || claims.roleClaims?.includes(settings.autoProvisionRole));
  if (!mayProvision || !claims.username) return { refused: 'unknown_user' };
  try {
    const person = await createPerson(
      db,
      null,
      {
        login: claims.username,
        firstName: claims.givenName ?? claims.username.split('@')[0],
        name: claims.familyName ?? '',
        roles: [],
        externalId: claims.externalId,
      },
      'person.provision',
    );
    return { userId: person.userId };
  } catch (err) {
    // The same account signing in twice at once: the other sign-in made it; find it. A login another account
    // (linked to someone else) holds stays refused.
    if (attempt === 1 && (isUniqueViolation(err) || (err instanceof DomainError && err.code === 'login_taken'))) {
      const again = await matchAccount(db, claims, { ...settings, autoProvision: false }, 2);
      return again;
    }
    throw err;
  }
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 3; depth++, e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
