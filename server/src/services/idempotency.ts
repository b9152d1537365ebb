// Runs a write at most once per Idempotency-Key and replays its first response on a retry
// (IETF draft "The Idempotency-Key HTTP Header Field"): same key and body → the first response again;
// same key, other body → 422; same key while the first is still running → 409; keys kept 7 days.
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import type { ErrorCode } from '@prospectie/contract';
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
export const IDEMPOTENCY_ERRORS = ['idempotency_key_invalid', 'idempotency_key_reused', 'request_in_progress'] as const satisfies readonly ErrorCode[];

const inProgress = () => new DomainError('request_in_progress', 'a request with this Idempotency-Key is still running; ask again shortly');
const keyReused = () => new DomainError('idempotency_key_reused', 'this Idempotency-Key was used for another request');

export function parseIdempotencyKey(raw: string | string[] | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!KEY_PATTERN.test(key)) throw new DomainError('idempotency_key_invalid', 'Idempotency-Key must be 1 to 255 visible ASCII characters', 'headers.idempotency-key');
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
      .select({ route: idempotencyKeys.route, requestHash: idempotencyKeys.requestHash, statusCode: idempotencyKeys.statusCode, response: idempotencyKeys.response, token: claimToken, ageMs: sql<number>`(extract(epoch from (now() - ${idempotencyKeys.createdAt})) * 1000)::float8` })
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
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.statusCode), sql`${idempotencyKeys.createdAt} = ${previous.token}::timestamptz`))
        .returning({ token: claimToken });
      if (!taken) throw inProgress();
      return { token: taken.token };
    }
    // Removed between our insert and our read (a failed first attempt frees its key): claim it again.
  }
  throw inProgress();
}

/** A claim this request holds: the work may store its response only while the claim's token is unchanged. */
export interface HeldClaim {
  kind: 'held';
  userId: number;
  key: string;
  token: string;
}

/** No claim yet: the work's statement inserts the key with its response, or nothing at all if the key exists. */
export interface NewKey {
  kind: 'new';
  userId: number;
  key: string;
  route: string;
  requestHash: string;
}

const heldBy = (claim: Omit<HeldClaim, 'kind'>) =>
  and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key), isNull(idempotencyKeys.statusCode), sql`${idempotencyKeys.createdAt} = ${claim.token}::timestamptz`);

/**
 * Like runIdempotent, for work that is ONE statement storing its own response on the key (atomic by itself,
 * no transaction needed). `work` answers null when the key was not its to use, which becomes 409.
 *
 * oneConnection (PGlite: one connection runs one statement at a time): first try the work with a NewKey, one
 * statement in all; no other request can see a half-done submission in between, so no claim is needed. Only
 * when the key exists already does it go the claim's way below (replay, 422, 409, abandoned claim).
 * Otherwise (PostgreSQL, many connections) the key is claimed first in a statement of its own, so a duplicate
 * arriving while the first still runs gets 409 at once, as the IETF draft asks.
 */
export async function runIdempotentStatement<T>(
  db: Db,
  opts: { userId: number; key: string | undefined; route: string; body: unknown; oneConnection: boolean },
  work: (claim: HeldClaim | NewKey | null) => Promise<{ status: number; body: T } | null>,
): Promise<StoredResponse<T>> {
  const { userId, key, route } = opts;
  if (!key) {
    const result = await work(null);
    if (!result) throw new Error('work without a key answered nothing');
    return { ...result, replayed: false };
  }
  const requestHash = hashBody(route, opts.body);
  if (opts.oneConnection) {
    const result = await work({ kind: 'new', userId, key, route, requestHash });
    if (result) return { ...result, replayed: false };
  }
  const claim = await claimKey(db, userId, key, route, requestHash);
  if ('replay' in claim) return { status: claim.replay.status, body: claim.replay.body as T, replayed: true };
  const held = { kind: 'held' as const, userId, key, token: claim.token };
  try {
    const result = await work(held);
    if (!result) throw inProgress();
    return { ...result, replayed: false };
  } catch (err) {
    await db.delete(idempotencyKeys).where(heldBy(held)).catch(() => {});
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
    await db.delete(idempotencyKeys).where(ours).catch(() => {});
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
