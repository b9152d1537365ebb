// Runs a write at most once per Idempotency-Key and replays its first response on a retry
// (IETF draft "The Idempotency-Key HTTP Header Field"): same key and body → the first response again;
// same key, other body → 422; same key while the first is still running → 409; keys kept 7 days.
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database, Db, Tx } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import { DomainError } from '../errors.js';

export interface StoredResponse<T> {
  status: number;
  body: T;
  replayed: boolean;
}

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** A claim without a response this old belongs to a request that died (a crash between claim and work): take it over. */
export const ABANDONED_CLAIM_MS = 60_000;
/** Keys (and their stored responses) are kept at least this long; sweepIdempotencyKeys removes older ones. */
export const IDEMPOTENCY_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** What a write with an Idempotency-Key may answer besides its own errors. */
export { IDEMPOTENCY_ERRORS } from '@prospectie/contract';

const inProgress = () => new DomainError('request_in_progress', 'a request with this Idempotency-Key is still running; ask again shortly');
const keyReused = () => new DomainError('idempotency_key_reused', 'this Idempotency-Key was used for another request');

export function parseIdempotencyKey(raw: string | string[] | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!KEY_PATTERN.test(key))
    throw new DomainError(
      'idempotency_key_invalid',
      'Idempotency-Key must be 1 to 255 visible ASCII characters',
      'headers.idempotency-key',
    );
  return key;
}

const hashBody = (route: string, body: unknown) => createHash('sha256').update(route).update(JSON.stringify(body)).digest('hex');

/** created_at as PostgreSQL's own text, microseconds included: the claim's token for compare-and-set. */
const claimToken = sql<string>`${idempotencyKeys.createdAt}::text`;

type Claim = { token: string } | { replay: { status: number; body: unknown } };

/**
 * Claims the key in a statement of its own, committed at once, so a concurrent duplicate sees the claim
 * (status NULL) and gets 409 straight away. A new key (the usual case) costs this one insert; only a key
 * seen before is read to decide between replay, 422, 409 and taking over an abandoned claim.
 */
async function claimKey(db: Db, userId: number, key: string, route: string, requestHash: string): Promise<Claim> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({ userId, key, route, requestHash })
      .onConflictDoNothing()
      .returning({ token: claimToken });
    if (claimed) return { token: claimed.token };
    const [previous] = await db
      .select({
        route: idempotencyKeys.route,
        requestHash: idempotencyKeys.requestHash,
        statusCode: idempotencyKeys.statusCode,
        response: idempotencyKeys.response,
        token: claimToken,
        ageMs: sql<number>`(extract(epoch from (now() - ${idempotencyKeys.createdAt})) * 1000)::float8`,
      })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (previous) {
      if (previous.requestHash !== requestHash || previous.route !== route) throw keyReused();
      if (previous.statusCode !== null) return { replay: { status: previous.statusCode, body: previous.response } };
      if (Number(previous.ageMs) < ABANDONED_CLAIM_MS) throw inProgress();
      // Abandoned: take it over, unless someone else just did (the token changes with created_at).
      const [taken] = await db
        .update(idempotencyKeys)
        .set({ createdAt: sql`now()` })
        .where(
          and(
            eq(idempotencyKeys.userId, userId),
            eq(idempotencyKeys.key, key),
            isNull(idempotencyKeys.statusCode),
            sql`${idempotencyKeys.createdAt} = ${previous.token}::timestamptz`,
          ),
        )
        .returning({ token: claimToken });
      if (!taken) throw inProgress();
      return { token: taken.token };
    }
    // Removed between our insert and our read (a failed first attempt frees its key): claim it again.
  }
  throw inProgress();
}

/**
 * What a write done in ONE statement needs of its Idempotency-Key, so that no other module writes the keys'
 * table: `store` is the body of a CTE named `claim` that saves the response on the key and yields a row when
 * the key is the statement's to use; `holds` is the condition the statement's inserts go ahead on.
 */
export interface StatementClaim {
  store(status: number, response: SQL): SQL;
  holds: SQL;
}

/** No key sent: nothing to store, the work always goes ahead. */
const noKey: StatementClaim = { store: () => sql`select 1`, holds: sql`true` };

/** A key not seen yet: the statement inserts it with its response, or nothing at all when the key exists. */
const newKey = (userId: number, key: string, route: string, requestHash: string): StatementClaim => ({
  store: (status, response) => sql`insert into idempotency_keys (user_id, key, route, request_hash, status_code, response)
    values (${userId}::int, ${key}::text, ${route}::text, ${requestHash}::text, ${status}::int, ${response})
    on conflict do nothing returning 1`,
  holds: sql`exists (select 1 from claim)`,
});

/** A claim this request holds: the response is stored only while the claim's token is unchanged. */
const heldClaim = (userId: number, key: string, token: string): StatementClaim => ({
  store: (status, response) => sql`update idempotency_keys set status_code = ${status}::int, response = ${response}
    where user_id = ${userId}::int and key = ${key}::text and status_code is null and created_at = ${token}::timestamptz
    returning 1`,
  holds: sql`exists (select 1 from claim)`,
});

const heldBy = (claim: { userId: number; key: string; token: string }) =>
  and(
    eq(idempotencyKeys.userId, claim.userId),
    eq(idempotencyKeys.key, claim.key),
    isNull(idempotencyKeys.statusCode),
    sql`${idempotencyKeys.createdAt} = ${claim.token}::timestamptz`,
  );

/**
 * Like runIdempotent, for work that is ONE statement storing its own response on the key (atomic by itself,
 * no transaction needed). `work` answers null when the key was not its to use, which becomes 409.
 *
 * database.serialStatements (PGlite: one connection runs one statement at a time): first try the work with a new key, one
 * statement in all; no other request can see a half-done submission in between, so no claim is needed. Only
 * when the key exists already does it go the claim's way below (replay, 422, 409, abandoned claim).
 * Otherwise (PostgreSQL, many connections) the key is claimed first in a statement of its own, so a duplicate
 * arriving while the first still runs gets 409 at once, as the IETF draft asks.
 */
export async function runIdempotentStatement<T>(
  database: Database,
  opts: { userId: number; key: string | undefined; route: string; body: unknown },
  work: (claim: StatementClaim) => Promise<{ status: number; body: T } | null>,
): Promise<StoredResponse<T>> {
  const { db } = database;
  const { userId, key, route } = opts;
  if (!key) {
    const result = await work(noKey);
    if (!result) throw new Error('work without a key answered nothing');
    return { ...result, replayed: false };
  }
  const requestHash = hashBody(route, opts.body);
  if (database.serialStatements) {
    const result = await work(newKey(userId, key, route, requestHash));
    if (result) return { ...result, replayed: false };
  }
  const claim = await claimKey(db, userId, key, route, requestHash);
  if ('replay' in claim) return { status: claim.replay.status, body: claim.replay.body as T, replayed: true };
  const held = { userId, key, token: claim.token };
  try {
    const result = await work(heldClaim(userId, key, claim.token));
    if (!result) throw inProgress();
    return { ...result, replayed: false };
  } catch (err) {
    await db
      .delete(idempotencyKeys)
      .where(heldBy(held))
      .catch(() => {});
    throw err;
  }
}

/**
 * Without a key: `work` in one transaction. With a key: claim the key (committed), then `work` in a second
 * transaction that also stores the response on the claim; if the work fails the claim is removed again, so a
 * retry runs it anew. The response is only stored on the claim we hold (its token), so a request that lost
 * its claim to a takeover rolls its work back rather than saving it twice.
 */
export async function runIdempotent<T>(
  db: Db,
  opts: { userId: number; key: string | undefined; route: string; body: unknown },
  work: (tx: Tx) => Promise<{ status: number; body: T }>,
): Promise<StoredResponse<T>> {
  const { userId, key, route } = opts;
  if (!key) return db.transaction(async (tx) => ({ ...(await work(tx)), replayed: false }));
  const requestHash = hashBody(route, opts.body);
  const claim = await claimKey(db, userId, key, route, requestHash);
  if ('replay' in claim) return { status: claim.replay.status, body: claim.replay.body as T, replayed: true };
  const ours = heldBy({ userId, key, token: claim.token });
  try {
    return await db.transaction(async (tx) => {
      const result = await work(tx);
      const stored = await tx
        .update(idempotencyKeys)
        .set({ statusCode: result.status, response: result.body as object })
        .where(ours)
        .returning({ key: idempotencyKeys.key });
      if (stored.length !== 1) throw inProgress();
      return { ...result, replayed: false };
    });
  } catch (err) {
    // Free the key for a retry; if the database is away this fails too and the claim expires after a minute.
    await db
      .delete(idempotencyKeys)
      .where(ours)
      .catch(() => {});
    throw err;
  }
}

/** Removes keys older than the retention period (7 days); younger ones stay, so their retries still replay. */
export async function sweepIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS)))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}
