// This device's outbox, kept in IndexedDB, sending through the app's one API client.
import { del, get, set } from 'idb-keyval';
import type { ProspectionSubmission, ShopRegistration } from '@prospectie/contract';
import { IDEMPOTENCY_HEADER } from '@prospectie/contract/headers';
import { api } from '../api/client';
import { onSignedOut } from '../api/session';
import { itemAddress, Outbox, type OutboxItem } from './outbox';
import { clearPersistedCache } from './persist';

const STORAGE_KEY = 'prospectie:outbox:v1';

export const outbox = new Outbox({
  storage: {
    load: () => get<OutboxItem[]>(STORAGE_KEY),
    save: (items) => (items.length ? set(STORAGE_KEY, items) : del(STORAGE_KEY)),
  },
  // A picture's sending comes in a chunk of its own (sendPhoto.ts), not with Home's first download.
  send: (item, onProgress) => {
    if (item.kind === 'photo') return import('./sendPhoto').then((m) => m.sendPhoto(item, onProgress));
    const { method, path } = itemAddress(item);
    return api(path, { method, body: item.body, headers: { [IDEMPOTENCY_HEADER]: item.id } });
  },
});

/** A whole visit (the wizard's one submit) to send later; `draft` is what reopens it in the wizard. */
export function queueVisit(v: { userId: number; shopId: number; idempotencyKey: string; body: ProspectionSubmission; draft: unknown }) {
  return outbox.add({
    id: v.idempotencyKey,
    kind: 'visit',
    userId: v.userId,
    shopId: v.shopId,
    endpoint: 'submitVisit',
    params: { id: v.shopId },
    body: v.body,
    draft: v.draft,
  });
}

/** A new shop (the new-shop page's one registration call) to send later. */
export function queueShop(s: { userId: number; idempotencyKey: string; body: ShopRegistration; draft: unknown }) {
  return outbox.add({ id: s.idempotencyKey, kind: 'shop', userId: s.userId, endpoint: 'registerShop', body: s.body, draft: s.draft });
}

/** The item the server refused for this screen, if any: the rep reopens it as a draft. */
export function refusedItem(kind: OutboxItem['kind'], userId: number, shopId?: number): OutboxItem | undefined {
  return outbox
    .getSnapshot()
    .items.find((i) => i.kind === kind && i.userId === userId && i.state === 'refused' && (shopId === undefined || i.shopId === shopId));
}

// Signing out: a shared phone must keep neither the last rep's data nor their unsent items.
onSignedOut(() => Promise.allSettled([outbox.clear(), clearPersistedCache(), import('./keptPhotos').then((m) => m.clearKeptPhotos())]));
