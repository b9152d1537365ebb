// A visit's pictures in the outbox (decision 035): each an item of its own behind its visit, PUT under the id the device
// made for it, its file read from the device as it goes. Loaded with the screens that take or send pictures, not with
// Home's first download (docs/decisions/036-photos-on-the-device.md).
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { photoKeys } from '../api/photos';
import { nlPhotos } from '../i18n/nlPhotos';
import { outbox } from './deviceOutbox';
import type { KeptPhoto } from './keptPhotos';
import { AFTER_ID, type OutboxItem, type OutboxTarget } from './outbox';
import type { PhotoItemDraft } from './sendPhoto';

/** Where a picture goes: its visit (the id, or `{after}` until the visit has one), its id, caption and tag. */
export function photoTarget(visitId: number | typeof AFTER_ID, photo: KeptPhoto): OutboxTarget {
  const caption = photo.caption.trim();
  return {
    endpoint: 'uploadPhoto',
    params: { prospectionId: visitId, photoId: photo.id },
    query: {
      ...(caption ? { caption } : {}),
      ...(photo.brandId !== null ? { brandId: photo.brandId } : {}),
      ...(photo.competitorBrandId !== null ? { competitorBrandId: photo.competitorBrandId } : {}),
    },
  };
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
      ...photoTarget(p.visitId ?? AFTER_ID, photo),
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

/**
 * After a picture arrived: the pictures on screen are asked again, and once the last picture of its visit arrived
 * the rep is told, once for them all.
 */
export function afterPhotoSent(item: OutboxItem, queryClient: QueryClient, notice: (notice: { id: string; text: string }) => void) {
  void queryClient.invalidateQueries({ queryKey: photoKeys.all });
  const { visitKey } = item.draft as PhotoItemDraft;
  const more = outbox
    .getSnapshot()
    .items.some((i) => i.kind === 'photo' && i.state === 'waiting' && (i.draft as PhotoItemDraft).visitKey === visitKey);
  if (!more) notice({ id: `photos:${visitKey}`, text: nlPhotos.sent });
}
