// This device's outbox, kept in IndexedDB, sending through the app's one API client.
import { onlineManager } from '@tanstack/react-query';
import { del, get, set } from 'idb-keyval';
import type { ProspectionSubmission, ShopRegistration } from '@prospectie/contract';
import { IDEMPOTENCY_HEADER } from '@prospectie/contract/headers';
import { api } from '../api/client';
import { onSignedOut } from '../api/session';
import { uploadFile } from '../api/upload';
import { clearKeptPhotos, dropPhotoFile, photoFile, type KeptPhoto } from './keptPhotos';
import { AFTER_ID, Outbox, type OutboxItem } from './outbox';
import { clearPersistedCache } from './persist';

const STORAGE_KEY = 'prospectie:outbox:v1';

export const outbox = new Outbox({
  storage: {
    load: () => get<OutboxItem[]>(STORAGE_KEY),
    save: (items) => (items.length ? set(STORAGE_KEY, items) : del(STORAGE_KEY)),
  },
  send: (item) =>
    item.kind === 'photo'
      ? sendPhoto(item)
      : api(item.path, { method: item.method ?? 'POST', body: item.body, headers: { [IDEMPOTENCY_HEADER]: item.id } }),
});

/** What a picture's outbox item keeps: the visit it belongs to (its draft's key) and the picture as the rep left it. */
export interface PhotoItemDraft {
  visitKey: string;
  photo: KeptPhoto;
}

/** The picture's file, read from the device as it goes, PUT under its own id; once the server has it, the file goes. */
async function sendPhoto(item: OutboxItem) {
  const { photo } = item.draft as PhotoItemDraft;
  const file = await photoFile(photo.id);
  // Gone from the device (signed out in another tab): nothing left to send.
  if (!file) return undefined;
  const stored = await uploadFile(item.path, file, { contentType: photo.type, method: 'PUT' });
  await dropPhotoFile(photo.id);
  return stored;
}

/** Where a picture is PUT: its visit (the id, or `{after}` until the visit has one), its id, caption and tag. */
export function photoPath(visitId: number | typeof AFTER_ID, photo: KeptPhoto) {
  const query = new URLSearchParams();
  const caption = photo.caption.trim();
  if (caption) query.set('caption', caption);
  if (photo.brandId !== null) query.set('brandId', String(photo.brandId));
  if (photo.competitorBrandId !== null) query.set('competitorBrandId', String(photo.competitorBrandId));
  const search = query.toString();
  return `/prospections/${visitId}/photos/${encodeURIComponent(photo.id)}${search ? `?${search}` : ''}`;
}

/**
 * A visit's pictures, each an item of its own behind the visit: a dropped connection costs at most the picture in
 * flight. `visitId` when the visit is saved already; otherwise they follow the visit's item (`visitKey`).
 */
export async function queuePhotos(p: { userId: number; shopId: number; visitKey: string; visitId?: number; photos: KeptPhoto[] }) {
  for (const photo of p.photos) {
    const draft: PhotoItemDraft = { visitKey: p.visitKey, photo };
    await outbox.add({
      id: photo.id,
      kind: 'photo',
      userId: p.userId,
      shopId: p.shopId,
      method: 'PUT',
      path: photoPath(p.visitId ?? AFTER_ID, photo),
      body: undefined,
      draft,
      ...(p.visitId === undefined ? { after: p.visitKey } : {}),
    });
  }
  if (onlineManager.isOnline()) void outbox.flush(p.userId, { force: true });
}

/** The pictures still waiting behind a visit's item (a refused visit reopened in the wizard takes them back). */
export const photosFollowing = (visitKey: string): KeptPhoto[] =>
  outbox
    .getSnapshot()
    .items.filter((i) => i.kind === 'photo' && i.after === visitKey)
    .map((i) => (i.draft as PhotoItemDraft).photo);

/** A whole visit (the wizard's one submit) to send later; `draft` is what reopens it in the wizard. */
export function queueVisit(v: { userId: number; shopId: number; idempotencyKey: string; body: ProspectionSubmission; draft: unknown }) {
  return outbox.add({
    id: v.idempotencyKey,
    kind: 'visit',
    userId: v.userId,
    shopId: v.shopId,
    path: `/shops/${v.shopId}/prospections`,
    body: v.body,
    draft: v.draft,
  });
}

/** A new shop (the new-shop page's one registration call) to send later. */
export function queueShop(s: { userId: number; idempotencyKey: string; body: ShopRegistration; draft: unknown }) {
  return outbox.add({ id: s.idempotencyKey, kind: 'shop', userId: s.userId, path: '/shops/register', body: s.body, draft: s.draft });
}

/** The item the server refused for this screen, if any: the rep reopens it as a draft. */
export function refusedItem(kind: OutboxItem['kind'], userId: number, shopId?: number): OutboxItem | undefined {
  return outbox
    .getSnapshot()
    .items.find((i) => i.kind === kind && i.userId === userId && i.state === 'refused' && (shopId === undefined || i.shopId === shopId));
}

// Signing out: a shared phone must keep neither the last rep's data nor their unsent items.
onSignedOut(() => Promise.allSettled([outbox.clear(), clearPersistedCache(), clearKeptPhotos()]));
