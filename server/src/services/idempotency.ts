// Runs a write at most once per Idempotency-Key and replays its first response on a retry.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import { HttpError } from '../plugins/errors.js';

export interface StoredResponse<T> {
  status: number;
  body: T;
  replayed: boolean;
}

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export function parseIdempotencyKey(raw: string | string[] | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!KEY_PATTERN.test(key)) throw new HttpError(400, 'Idempotency-Key moet 1 tot 255 zichtbare tekens zijn');
  return key;
}

const hashBody = (route: string, body: unknown) => createHash('sha256').update(route).update(JSON.stringify(body)).digest('hex');

/**
 * Runs `work` in one transaction together with the claim on the key, so a crash leaves neither.
 * A concurrent request with the same key waits on the key's row and then replays the stored response.
 */
export async function runIdempotent<T>(
  db: Db,
  opts: { userId: number; key: string | undefined; route: string; body: unknown },
  work: (tx: Tx) => Promise<{ status: number; body: T }>,
): Promise<StoredResponse<T>> {
  const { userId, key, route } = opts;
  if (!key) return db.transaction(async (tx) => ({ ...(await work(tx)), replayed: false }));
  const requestHash = hashBody(route, opts.body);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, route, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [previous] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (!previous) throw new HttpError(409, 'Dit verzoek wordt al verwerkt; probeer het zo opnieuw.');
      if (previous.requestHash !== requestHash || previous.route !== route) {
        throw new HttpError(422, 'Deze Idempotency-Key werd al gebruikt voor een ander verzoek.');
      }
      if (previous.statusCode === null) throw new HttpError(409, 'Dit verzoek wordt al verwerkt; probeer het zo opnieuw.');
      return { status: previous.statusCode, body: previous.response as T, replayed: true };
    }
    const result = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: result.status, response: result.body as object })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return { ...result, replayed: false };
  });
}
