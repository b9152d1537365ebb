// A visit's pictures kept on this device (IndexedDB) from the moment they are taken until the server has them:
// the list per draft, and each picture's file on its own key, so a caption typed never rewrites the files
// (docs/decisions/036-photos-on-the-device.md).
import { clear, createStore, del, get, set } from 'idb-keyval';

/** What the rep adds to a picture in the wizard, and what the device knows of its file. */
export interface KeptPhoto {
  /** A UUID made on the device; also the id the picture is stored under on the server (a retry stores it once). */
  id: string;
  caption: string;
  brandId: number | null;
  competitorBrandId: number | null;
  /** The file's type after it was made small: image/webp, or image/jpeg where the browser does not encode WebP. */
  type: string;
  width: number;
  height: number;
}

/** Up to this many pictures per visit (the server refuses more). */
export const MAX_PHOTOS = 10;
/** Less free room than this on the device, and no next picture is taken: it might not be kept. */
export const ROOM_NEEDED = 2 * 1024 * 1024;

let store: ReturnType<typeof createStore> | undefined;
// Opened at first use: Home's first load never opens this database.
const photoStore = () => (store ??= createStore('prospectie-photos', 'photos'));

const listKey = (draftKey: string) => `draft:${draftKey}`;
const fileKey = (photoId: string) => `file:${photoId}`;

/** The pictures of the draft whose idempotency key is `draftKey`, in the order they were taken. */
export async function keptPhotos(draftKey: string): Promise<KeptPhoto[]> {
  return (await get<KeptPhoto[]>(listKey(draftKey), photoStore())) ?? [];
}

/** Writes the draft's list (captions, tags, order); an empty list leaves nothing behind. */
export async function keepPhotoList(draftKey: string, photos: KeptPhoto[]): Promise<void> {
  return photos.length ? set(listKey(draftKey), photos, photoStore()) : del(listKey(draftKey), photoStore());
}

/** Keeps a picture's file; rejects (QuotaExceededError) when the device has no room for it. */
export const keepPhotoFile = async (photoId: string, file: Blob) => set(fileKey(photoId), file, photoStore());

export const photoFile = async (photoId: string) => get<Blob>(fileKey(photoId), photoStore());

export const dropPhotoFile = async (photoId: string) => del(fileKey(photoId), photoStore());

/** Starting over: the draft's pictures and their files go. */
export async function dropDraftPhotos(draftKey: string): Promise<void> {
  const photos = await keptPhotos(draftKey);
  await Promise.all([...photos.map((p) => dropPhotoFile(p.id)), keepPhotoList(draftKey, [])]);
}

/** Signing out: no picture of this rep stays on a phone that may be shared. */
export const clearKeptPhotos = async () => clear(photoStore());

/** True when a storage error means the device is full. */
export const isQuotaError = (error: unknown) => error instanceof DOMException && error.name === 'QuotaExceededError';

/** Whether the device has room for another picture, by the browser's estimate; true where it gives none. */
export function roomForPhoto(estimate: StorageEstimate | undefined): boolean {
  if (estimate?.quota === undefined || estimate.usage === undefined) return true;
  return estimate.quota - estimate.usage >= ROOM_NEEDED;
}

/** Asks the browser how much room is left (not every browser can tell). */
export async function deviceHasRoom(): Promise<boolean> {
  try {
    return roomForPhoto(await navigator.storage?.estimate?.());
  } catch {
    return true;
  }
}
