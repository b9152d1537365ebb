// Database-backed sessions: the cookie carries a random token, the table only its keyed hash.
import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.js';
import type { Role } from '@prospectie/contract';
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

/** The roles in effect for a session: `medewerker` and the token's roles (when it sent any) or else the app's. */
export const effectiveRoles = (appRoles: readonly string[], tokenRoles: readonly string[] | null): Role[] => {
  const granted = tokenRoles ?? appRoles;
  return ['medewerker', ...(['manager', 'beheerder'] as const).filter((r) => granted.includes(r))];
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

  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {
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
      .where(eq(sessions.idHash, sql.placeholder('idHash')))
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

  /** Makes a new session for the user and returns the token for the cookie. */
  async create(userId: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db.insert(sessions).values({ idHash: this.hash(token), userId });
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
          roles: effectiveRoles(row.appRoles, row.tokenRoles),
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

  async findUserByLogin(login: string) {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${users.login})`, login.trim().toLowerCase())));
    return row ?? null;
  }
}
