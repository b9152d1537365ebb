// Database-backed sessions: the cookie carries a random token, the table only its keyed hash.
import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { employees, sessions, users } from '../db/schema.js';

/** Idle and absolute lifetimes (OWASP ASVS 3.3): 2 hours idle, 12 hours in all. */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** A session's last-seen time is written at most once a minute, not on every request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export interface SessionUser {
  userId: number;
  login: string;
  employee: { id: number; firstName: string; name: string } | null;
}

export class SessionStore {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

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
    const idHash = this.hash(token);
    const [row] = await this.db
      .select({
        userId: users.id,
        login: users.login,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        employeeId: employees.id,
        firstName: employees.firstName,
        name: employees.name,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(employees, eq(employees.userId, users.id))
      .where(eq(sessions.idHash, idHash));
    if (!row) return null;
    const t = now.getTime();
    if (t - row.lastSeenAt.getTime() > SESSION_IDLE_MS || t - row.createdAt.getTime() > SESSION_ABSOLUTE_MS) {
      await this.db.delete(sessions).where(eq(sessions.idHash, idHash));
      return null;
    }
    if (t - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
    }
    return {
      userId: row.userId,
      login: row.login,
      employee: row.employeeId ? { id: row.employeeId, firstName: row.firstName ?? '', name: row.name ?? '' } : null,
    };
  }

  async destroy(token: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.idHash, this.hash(token)));
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
