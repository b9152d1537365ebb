// The outbox: writes made without a connection wait on the device and are sent later, in order,
// each with its own Idempotency-Key so a retry never saves twice. Storage, sending and the clock
// are passed in, so the rules below are tested without a browser. See docs/decisions/007-offline.md.
import { endpointUrl, type HttpMethod } from '@prospectie/contract/endpoint';
import {
  createAppointment,
  deleteAppointment,
  registerShop,
  setShopPipelineStatus,
  submitVisit,
  updateAppointment,
  uploadPhoto,
} from '@prospectie/contract/endpoints/addresses';
import { ApiError } from '../api/client';

export type OutboxKind = 'visit' | 'shop' | 'appointment' | 'photo' | 'pipeline';

/** The writes that may wait on the device, by the name an item keeps (docs/decisions/046-one-declaration-per-endpoint.md). */
export const OUTBOX_ENDPOINTS = {
  submitVisit,
  registerShop,
  createAppointment,
  updateAppointment,
  deleteAppointment,
  uploadPhoto,
  setShopPipelineStatus,
};
export type OutboxEndpoint = keyof typeof OUTBOX_ENDPOINTS;

/** In a parameter of an item that follows another, the id the server gave that other item (a visit's id for its pictures). */
export const AFTER_ID = '{after}';

/** Where an item goes: a declared endpoint by its name, with its path's parameters and its query. */
export interface OutboxTarget {
  endpoint: OutboxEndpoint;
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
}

/**
 * An item kept on a device before items named their endpoint: the path under /api it goes to, POST when no method.
 * It is still sent as it was kept, after an update too.
 */
export interface KeptPathTarget {
  path: string;
  method?: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
}

export type OutboxItem = (OutboxTarget | KeptPathTarget) & {
  /** Also the Idempotency-Key sent with every attempt. */
  id: string;
  kind: OutboxKind;
  /** Only the rep who made it sends it: another rep signing in on the same phone must not. */
  userId: number;
  body: unknown;
  /**
   * The item this one follows (a picture its visit, decision 035): it is not sent before that one reached the server,
   * and then `{after}` in its parameters becomes the id the server answered. Removing that item removes this one too.
   */
  after?: string;
  /** The shop a visit belongs to, so its page can show it waiting. */
  shopId?: number;
  /** What the screen that made it needs to reopen it as a draft when the server refuses it. */
  draft: unknown;
  createdAt: number;
  attempts: number;
  /** Epoch ms before which a waiting item is not tried again (backoff). */
  nextAttemptAt: number;
  /** waiting: will be sent; refused: the server said no (4xx) and the rep has to change it. */
  state: 'waiting' | 'refused';
  /** The server's message for a refused item. */
  message?: string;
};

export type NewOutboxItem = OutboxTarget & Pick<OutboxItem, 'id' | 'kind' | 'userId' | 'body' | 'shopId' | 'draft' | 'after'>;

/** The method and the path under /api an item is sent with. */
export function itemAddress(item: OutboxTarget | KeptPathTarget): { method: HttpMethod; path: string } {
  if ('path' in item) return { method: item.method ?? 'POST', path: item.path };
  const declared = OUTBOX_ENDPOINTS[item.endpoint];
  return { method: declared.method, path: endpointUrl(declared, item.params, item.query) };
}

export interface OutboxStorage {
  load(): Promise<OutboxItem[] | undefined>;
  save(items: OutboxItem[]): Promise<void>;
}

export interface OutboxSnapshot {
  items: readonly OutboxItem[];
  /** True after a 401: nothing is sent until the rep has signed in again. */
  paused: boolean;
  /** The item on its way to the server now, and how much of it has gone (0–1; null when its sender cannot tell). */
  sending?: { id: string; progress: number | null };
}

/** What to do with an item after a failed attempt. */
export type FailureHandling = 'retry' | 'pause' | 'refuse';

/** Statuses that mean "not now" rather than "never": timeouts, a concurrent attempt, rate limits. */
const TRANSIENT_4XX = new Set([408, 409, 425, 429]);

export function failureHandling(error: unknown): FailureHandling {
  if (!(error instanceof ApiError)) return 'retry';
  if (error.status === 401) return 'pause';
  // A 409 that names another code than "still busy with this key" is a real refusal (a visit's 11th picture).
  if (error.status === 409 && error.code !== undefined && error.code !== 'request_in_progress') return 'refuse';
  if (error.status >= 400 && error.status < 500 && !TRANSIENT_4XX.has(error.status)) return 'refuse';
  // Network failures (status 0) and 5xx: the server may be back in a moment.
  return 'retry';
}

export const FIRST_RETRY_MS = 5_000;
export const MAX_RETRY_MS = 5 * 60_000;

/** Exponential backoff with "equal jitter": half fixed, half random, so phones do not retry in step. */
export function retryDelay(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** An item whose predecessor reached the server: it names the id the server answered, and it may go. */
function followed(item: OutboxItem, result: unknown): OutboxItem {
  const id = (result as { id?: unknown } | undefined)?.id;
  const { after: _, ...rest } = item;
  if ('path' in rest) return { ...rest, path: rest.path.replace(AFTER_ID, encodeURIComponent(String(id))) };
  const params = Object.fromEntries(
    Object.entries(rest.params ?? {}).map(([name, value]) => [name, value === AFTER_ID ? String(id) : value]),
  );
  return { ...rest, params };
}

interface OutboxDeps {
  storage: OutboxStorage;
  /** Sends one item; onProgress, when the sender can tell, says how much of it has gone (0–1). */
  send: (item: OutboxItem, onProgress: (fraction: number) => void) => Promise<unknown>;
  now?: () => number;
  random?: () => number;
}

type SentListener = (item: OutboxItem, result: unknown) => void;

export class Outbox {
  private snapshot: OutboxSnapshot = { items: [], paused: false };
  private readonly listeners = new Set<() => void>();
  private readonly sentListeners = new Set<SentListener>();
  private running: Promise<void> | null = null;
  private rerun = false;
  private loaded: Promise<void> | null = null;
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(private readonly deps: OutboxDeps) {
    this.now = deps.now ?? Date.now;
    this.random = deps.random ?? Math.random;
  }

  /** Reads the stored items once; every other method waits for it. */
  load(): Promise<void> {
    this.loaded ??= this.deps.storage.load().then(
      (items) => this.set({ items: [...(items ?? []), ...this.snapshot.items] }),
      () => undefined,
    );
    return this.loaded;
  }

  getSnapshot = (): OutboxSnapshot => this.snapshot;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** Called after an item reached the server, with the server's answer. */
  onSent(listener: SentListener) {
    this.sentListeners.add(listener);
    return () => void this.sentListeners.delete(listener);
  }

  async add(item: NewOutboxItem): Promise<void> {
    await this.load();
    const now = this.now();
    const others = this.snapshot.items.filter((i) => i.id !== item.id);
    await this.commit({ items: [...others, { ...item, createdAt: now, attempts: 0, nextAttemptAt: now, state: 'waiting' }] });
  }

  /** Takes an item out, with the items that follow it (a visit's pictures go with the visit). */
  async remove(id: string): Promise<void> {
    await this.load();
    await this.commit({ items: this.snapshot.items.filter((i) => i.id !== id && i.after !== id) });
  }

  async clear(): Promise<void> {
    await this.load();
    await this.commit({ items: [], paused: false });
  }

  /** The rep signed in again after a 401. */
  resume() {
    if (this.snapshot.paused) this.set({ paused: false });
  }

  /**
   * Sends this user's waiting items oldest first. An item that must wait (network, 5xx) holds back
   * the ones behind it, so they arrive in the order they were made; a refused item steps aside;
   * a 401 pauses everything. `force` ignores the backoff (the connection just came back).
   */
  flush(userId: number, { force = false } = {}): Promise<void> {
    if (this.running) {
      this.rerun = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.rerun = false;
          await this.sendDue(userId, force);
        } while (this.rerun && !this.snapshot.paused);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private async sendDue(userId: number, force: boolean) {
    await this.load();
    const queue = this.snapshot.items.filter((i) => i.userId === userId && i.state === 'waiting').map((i) => i.id);
    for (const id of queue) {
      if (this.snapshot.paused) return;
      const item = this.snapshot.items.find((i) => i.id === id);
      if (!item) continue; // removed meanwhile (the rep signed out)
      // Its visit still waits (it holds this one back by its place) or was refused (then this one waits for the rep).
      if (item.after !== undefined) continue;
      if (!force && item.nextAttemptAt > this.now()) return;
      let result: unknown;
      this.set({ sending: { id, progress: null } });
      try {
        result = await this.deps.send(item, (progress) => {
          if (this.snapshot.sending?.id === id) this.set({ sending: { id, progress } });
        });
      } catch (error) {
        this.set({ sending: undefined });
        const handling = failureHandling(error);
        if (handling === 'pause') return this.commit({ paused: true });
        if (handling === 'refuse') {
          // Kept as the rep will read it: the Dutch text of the server's code (its module is not in the first download).
          const { apiErrorText } = await import('../api/errorText');
          await this.update(id, { state: 'refused', message: apiErrorText(error) });
          continue;
        }
        const attempts = item.attempts + 1;
        return this.update(id, { attempts, nextAttemptAt: this.now() + retryDelay(attempts, this.random) });
      }
      this.set({ sending: undefined });
      await this.commit({ items: this.snapshot.items.filter((i) => i.id !== id).map((i) => (i.after === id ? followed(i, result) : i)) });
      this.sentListeners.forEach((l) => l(item, result));
    }
  }

  private update(id: string, patch: Partial<OutboxItem>) {
    return this.commit({ items: this.snapshot.items.map((i) => (i.id === id ? { ...i, ...patch } : i)) });
  }

  private async commit(patch: Partial<OutboxSnapshot>) {
    this.set(patch);
    try {
      await this.deps.storage.save([...this.snapshot.items]);
    } catch {
      // The item is still in memory and sent this session; a full disk must not lose the rep's visit now.
    }
  }

  private set(patch: Partial<OutboxSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    this.listeners.forEach((l) => l());
  }
}
