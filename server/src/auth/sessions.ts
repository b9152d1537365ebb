// Database-backed sessions: the cookie carries a random token, the table only its keyed hash.
import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../db/client.js';
import type { Me, Role } from '@prospectie/contract';
import type { Config } from '../config.js';
import { employees, sessions, users } from '../db/schema.js';

/** Idle and absolute lifetimes (OWASP ASVS 3.3): 2 hours idle, 12 hours in all. */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** A session's last-seen time is written at most once a minute, not on every request. */
const TOUCH_INTERVAL_MS = 60 * 1000;
/**
 * A session found in the database is trusted this long without asking again (one query less per request:
 * docs/decisions/017-session-cache.md). Logging out ends it at once everywhere: every instance LISTENs on
 * SESSION_ENDED_CHANNEL and forgets the session; while that connection is down nothing is cached.
 */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;
export const SESSION_ENDED_CHANNEL = 'prospectie_session_ended';

export interface SessionUser {
  userId: number;
  login: string;
  employee: { id: number; firstName: string; name: string } | null;
  /** The roles in effect: the token's when it sent a roles claim at sign-in, else the app's; `medewerker` always. */
  roles: Role[];
}

/**
 * The roles in effect for a session: `medewerker` and the token's roles (when it sent any) or else the app's.
 * `adminLogin` (the login is one of ADMIN_LOGINS) adds `beheerder` whatever either says: the way in for the
 * first administrator (docs/decisions/027-roles-and-identity.md).
 */
export const effectiveRoles = (appRoles: readonly string[], tokenRoles: readonly string[] | null, adminLogin = false): Role[] => {
  const granted = tokenRoles ?? appRoles;
  return ['medewerker', ...(['manager', 'beheerder'] as const).filter((r) => granted.includes(r) || (r === 'beheerder' && adminLogin))];
};

interface CachedSession {
  idHash: string;
  user: SessionUser;
  createdAt: number;
  lastSeenAt: number;
  /** Until when it may be used without asking the database. */
  until: number;
}

export class SessionStore {
  /** By token, so a request that finds its session here needs no HMAC; ended sessions are told by hash (forget). */
  private readonly cache = new Map<string, CachedSession>();
  /** Off until the instance listens for ended sessions (listenForEnded), and while that connection is down. */
  private caching = false;
  private readonly byHash;

  /** ADMIN_LOGINS, lower-cased. */
  private readonly adminLogins: ReadonlySet<string>;

  constructor(
    private readonly db: Db,
    private readonly secret: string,
    options: { adminLogins?: readonly string[] } = {},
  ) {
    this.adminLogins = new Set((options.adminLogins ?? []).map((login) => login.trim().toLowerCase()));
    this.byHash = db
      .select({
        userId: users.id,
        login: users.login,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        employeeId: employees.id,
        firstName: employees.firstName,
        name: employees.name,
        appRoles: users.roles,
        tokenRoles: sessions.tokenRoles,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(employees, eq(employees.userId, users.id))
      // A deactivated account's sessions are deleted with the deactivation; this makes sure of it.
      .where(and(eq(sessions.idHash, sql.placeholder('idHash')), eq(users.active, true)))
      .prepare('session_by_hash');
  }

  /** Starts caching sessions, once ended ones are heard of (from this instance or any other). */
  async listenForEnded(database: Pick<Database, 'listen'>): Promise<void> {
    await database.listen(
      SESSION_ENDED_CHANNEL,
      (idHash) => this.forget(idHash),
      (listening) => {
        this.caching = listening;
        if (!listening) this.cache.clear();
      },
    );
  }

  hash(token: string): string {
    return createHmac('sha256', this.secret).update(token).digest('hex');
  }

  /**
   * Makes a new session for the user and returns the token for the cookie. tokenRoles: the roles the issuer's
   * token granted (its roles claim mapped to ours), null when it sent no roles claim (then the app's count).
   */
  async create(userId: number, tokenRoles: readonly string[] | null = null): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db.insert(sessions).values({ idHash: this.hash(token), userId, tokenRoles: tokenRoles ? [...tokenRoles] : null });
    return token;
  }

  async find(token: string, now = new Date()): Promise<SessionUser | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    const t = now.getTime();
    let found = this.cache.get(token);
    if (!found || found.until < t) {
      this.cache.delete(token);
      const idHash = this.hash(token);
      const [row] = await this.byHash.execute({ idHash });
      if (!row) return null;
      found = {
        idHash,
        user: {
          userId: row.userId,
          login: row.login,
          employee: row.employeeId ? { id: row.employeeId, firstName: row.firstName ?? '', name: row.name ?? '' } : null,
          roles: effectiveRoles(row.appRoles, row.tokenRoles, this.adminLogins.has(row.login.toLowerCase())),
        },
        createdAt: row.createdAt.getTime(),
        lastSeenAt: row.lastSeenAt.getTime(),
        until: t + SESSION_CACHE_MS,
      };
      if (this.caching) this.remember(token, found);
    }
    if (t - found.lastSeenAt > SESSION_IDLE_MS || t - found.createdAt > SESSION_ABSOLUTE_MS) {
      await this.end(found.idHash);
      return null;
    }
    if (t - found.lastSeenAt > TOUCH_INTERVAL_MS) {
      await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, found.idHash));
      found.lastSeenAt = t;
    }
    return found.user;
  }

  private remember(token: string, entry: CachedSession) {
    // Oldest out first: a Map iterates in insertion order.
    if (this.cache.size >= SESSION_CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(token, entry);
  }

  /** Drops an ended session from the cache (rare: a walk over at most SESSION_CACHE_MAX entries). */
  private forget(idHash: string) {
    for (const [token, entry] of this.cache) if (entry.idHash === idHash) this.cache.delete(token);
  }

  async destroy(token: string): Promise<void> {
    await this.end(this.hash(token));
  }

  /** Deletes the session and tells every instance to forget it. */
  private async end(idHash: string): Promise<void> {
    this.forget(idHash);
    await this.db.delete(sessions).where(eq(sessions.idHash, idHash));
    await this.db.execute(sql`select pg_notify(${SESSION_ENDED_CHANNEL}, ${idHash})`);
  }

  /**
   * Ends every session of a user at once, on every instance, inside the caller's transaction (a deactivation):
   * the rows go, and each ended session is told on SESSION_ENDED_CHANNEL (delivered when the transaction
   * commits). This instance forgets them now, so the user's very next request here is refused.
   */
  async endAllOf(tx: Db | Tx, userId: number): Promise<number> {
    const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ idHash: sessions.idHash });
    await this.tellForgotten(tx, ended);
    return ended.length;
  }

  /**
   * Makes every instance read a user's sessions afresh at her next request (an administrator changed her names
   * or roles), inside the caller's transaction, like endAllOf but keeping them.
   */
  async refreshAllOf(tx: Db | Tx, userId: number): Promise<void> {
    await this.tellForgotten(tx, await tx.select({ idHash: sessions.idHash }).from(sessions).where(eq(sessions.userId, userId)));
  }

  private async tellForgotten(tx: Db | Tx, rows: { idHash: string }[]) {
    for (const { idHash } of rows) this.forget(idHash);
    if (rows.length) {
      const hashes = `{${rows.map((e) => e.idHash).join(',')}}`;
      await tx.execute(sql`select pg_notify(${SESSION_ENDED_CHANNEL}, h) from unnest(${hashes}::text[]) as h`);
    }
  }

  /** Removes every expired session row. */
  async sweep(now = new Date()): Promise<void> {
    await this.db
      .delete(sessions)
      .where(
        or(
          lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
          lt(sessions.createdAt, new Date(now.getTime() - SESSION_ABSOLUTE_MS)),
        ),
      );
  }
}

/** What /api/me answers for this session: its route and the server-written first screen (ops/firstScreenPage.ts). */
export const whoAmIAnswer = (user: SessionUser, authMode: Config['authMode']): Me => ({
  user: { id: user.userId, login: user.login },
  employee: user.employee,
  authMode,
  roles: user.roles,
});
