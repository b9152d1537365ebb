// The wizard's pictures: made small and kept on the device as they are taken, with their caption and tag, until the
// visit is sent; then each goes through the outbox behind it (docs/decisions/036-photos-on-the-device.md).
import { useCallback, useEffect, useRef, useState } from 'react';
import { nlPhotos } from '../../i18n/nlPhotos';
import { randomKey } from '../../lib/randomKey';
import { shrinkPhoto } from '../../lib/shrinkPhoto';
import { photosFollowing } from '../../offline/photoOutbox';
import {
  MAX_PHOTOS,
  deviceHasRoom,
  dropDraftPhotos,
  dropPhotoFile,
  isQuotaError,
  keepPhotoFile,
  keepPhotoList,
  keptPhotos,
  photoFile,
  type KeptPhoto,
} from '../../offline/keptPhotos';

export type PhotoDetails = Pick<KeptPhoto, 'caption' | 'brandId' | 'competitorBrandId'>;

/** A picture as a data: address for its thumbnail: the app's Content-Security-Policy allows data: images, not blob:. */
function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(blob);
  });
}

/** Why no picture can be added now, in the rep's words; null when one can. */
export function addBlockedBecause({ count, room }: { count: number; room: boolean }): string | null {
  if (count >= MAX_PHOTOS) return nlPhotos.full(MAX_PHOTOS);
  if (!room) return nlPhotos.noRoom;
  return null;
}

/** The pictures of the draft with key `draftKey`, read from the device once, written back as they change. */
export function useDraftPhotos(draftKey: string) {
  const [photos, setPhotos] = useState<KeptPhoto[]>([]);
  const [urls, setUrls] = useState<Record<string, string>>({});
  const [loaded, setLoaded] = useState(false);
  const [shrinking, setShrinking] = useState(false);
  const [room, setRoom] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  // Once the visit is sent the list belongs to the outbox: nothing more is written for the draft.
  const released = useRef(false);

  useEffect(() => {
    let live = true;
    void (async () => {
      const list = await keptPhotos(draftKey).catch((): KeptPhoto[] => []);
      const files = await Promise.all(list.map((p) => photoFile(p.id).catch(() => undefined)));
      if (!live) return;
      // A picture whose file is gone (storage cleared by the browser) is left out rather than sent empty.
      const present = list.filter((_, i) => files[i]);
      const shown = await Promise.all(present.map(async (p) => [p.id, await dataUrlOf(files[list.indexOf(p)]!)] as const));
      if (!live) return;
      setPhotos(present);
      setUrls(Object.fromEntries(shown));
      setLoaded(true);
    })();
    void deviceHasRoom().then((has) => live && setRoom(has));
    return () => {
      live = false;
    };
  }, [draftKey]);

  useEffect(() => {
    if (loaded && !released.current) void keepPhotoList(draftKey, photos).catch(() => undefined);
  }, [draftKey, photos, loaded]);

  const add = useCallback(
    async (files: File[]) => {
      setProblem(null);
      const free = Math.max(0, MAX_PHOTOS - photos.length);
      const taken = files.slice(0, free);
      setShrinking(true);
      try {
        for (const file of taken) {
          let small;
          try {
            small = await shrinkPhoto(file);
          } catch {
            setProblem(nlPhotos.unreadable);
            continue;
          }
          const photo: KeptPhoto = {
            id: randomKey(),
            caption: '',
            brandId: null,
            competitorBrandId: null,
            type: small.blob.type,
            width: small.width,
            height: small.height,
          };
          try {
            await keepPhotoFile(photo.id, small.blob);
          } catch (error) {
            // Not kept, so not shown: a picture on screen that is not on the device would be lost unnoticed.
            if (isQuotaError(error)) setRoom(false);
            else setProblem(nlPhotos.notKept);
            return;
          }
          const url = await dataUrlOf(small.blob);
          setUrls((all) => ({ ...all, [photo.id]: url }));
          setPhotos((all) => [...all, photo]);
        }
        if (files.length > taken.length) setProblem(nlPhotos.tooMany(MAX_PHOTOS, files.length - taken.length));
        setRoom(await deviceHasRoom());
      } finally {
        setShrinking(false);
      }
    },
    [photos.length],
  );

  const describe = useCallback((id: string, details: Partial<PhotoDetails>) => {
    setPhotos((all) => all.map((p) => (p.id === id ? { ...p, ...details } : p)));
  }, []);

  const remove = useCallback((id: string) => {
    setProblem(null);
    setPhotos((all) => all.filter((p) => p.id !== id));
    void dropPhotoFile(id).catch(() => undefined);
    void deviceHasRoom().then(setRoom);
  }, []);

  /** The visit is sent or kept: the outbox holds the pictures now; their files stay until each is sent. */
  const release = useCallback(() => {
    released.current = true;
    void keepPhotoList(draftKey, []).catch(() => undefined);
  }, [draftKey]);

  return {
    photos,
    urls,
    add,
    describe,
    remove,
    release,
    shrinking,
    problem,
    blockedBecause: addBlockedBecause({ count: photos.length, room }),
  };
}

export type DraftPhotos = ReturnType<typeof useDraftPhotos>;

/**
 * A visit the server refused comes back as the draft: the pictures waiting behind it in the outbox come back
 * into the draft with it (their files never left the device), before the outbox lets go of them.
 */
export async function takeBackPhotos(draftKey: string): Promise<void> {
  const waiting = photosFollowing(draftKey);
  if (waiting.length) await keepPhotoList(draftKey, [...(await keptPhotos(draftKey)), ...waiting]).catch(() => undefined);
}

/** Starting over: the draft's pictures go, and those that waited behind its refused visit. */
export async function dropPhotosOf(draftKey: string): Promise<void> {
  await Promise.all([dropDraftPhotos(draftKey), ...photosFollowing(draftKey).map((p) => dropPhotoFile(p.id))]).catch(() => undefined);
}
