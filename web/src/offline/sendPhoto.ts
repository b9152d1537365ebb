// Sending one picture of the outbox: its file read from the device as it goes, PUT under the id the device made for
// it. The outbox (deviceOutbox.ts) loads it when a picture's turn comes, in a chunk of its own; photoOutbox.ts, which
// puts pictures in the outbox, is not needed for that (docs/decisions/036-photos-on-the-device.md).
import { uploadFile } from '../api/upload';
import { dropPhotoFile, photoFile, type KeptPhoto } from './keptPhotos';
import { itemAddress, type OutboxItem } from './outbox';

/** What a picture's outbox item keeps: the visit it belongs to (its draft's key) and the picture as the rep left it. */
export interface PhotoItemDraft {
  visitKey: string;
  photo: KeptPhoto;
}

/** The picture's file, read from the device as it goes, PUT under its own id; once the server has it, the file goes. */
export async function sendPhoto(item: OutboxItem, onProgress?: (fraction: number) => void) {
  const { photo } = item.draft as PhotoItemDraft;
  const file = await photoFile(photo.id);
  // Gone from the device (signed out in another tab): nothing left to send.
  if (!file) return undefined;
  const { method, path } = itemAddress(item);
  const stored = await uploadFile(path, file, { contentType: photo.type, method, onProgress });
  await dropPhotoFile(photo.id);
  return stored;
}
