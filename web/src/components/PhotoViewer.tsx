// A visit's pictures as thumbnails that open full size in a dialog: Vorige and Volgende, the arrow keys and a swipe
// move between them, Escape closes and focus returns to the thumbnail (decision 035). Used by the visit and the shop.
import { useCallback, useEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import { Button, Modal } from 'react-bootstrap';
import type { Photo } from '@prospectie/contract';
import { nlPhotos } from '../i18n/nlPhotos';
import './photos.css';

/** A swipe of at least this many pixels sideways moves to the next or previous picture. */
const SWIPE_PX = 50;

/** The tag of a picture: its FC70 brand or its competitor brand, if any. */
export const photoTag = (photo: Photo) => photo.brand?.name ?? photo.competitorBrand?.name ?? null;

/** What a picture is called for a screen reader: its caption, else its place. */
export const photoLabel = (photo: Photo, n: number) => photo.caption ?? nlPhotos.photoLabel(n);

/** A thumbnail that opens the picture: a button, loaded only as it scrolls near. */
export function PhotoThumb({ photo, n, onOpen }: { photo: Photo; n: number; onOpen: () => void }) {
  return (
    <button type="button" className="photo-thumb" onClick={onOpen} aria-label={nlPhotos.open(photoLabel(photo, n))}>
      <img src={photo.thumbUrl} alt="" loading="lazy" decoding="async" width={photo.width} height={photo.height} />
    </button>
  );
}

/** Which picture the dialog shows (null: closed), and moving between them. */
export function useViewer(count: number) {
  const [index, setIndex] = useState<number | null>(null);
  const close = useCallback(() => setIndex(null), []);
  const previous = useCallback(() => setIndex((i) => (i === null ? i : Math.max(0, i - 1))), []);
  const next = useCallback(() => setIndex((i) => (i === null ? i : Math.min(count - 1, i + 1))), [count]);
  return useMemo(() => ({ index, open: setIndex, close, previous, next }), [index, close, previous, next]);
}

export function PhotoViewer({ photos, viewer }: { photos: Photo[]; viewer: ReturnType<typeof useViewer> }) {
  const start = useRef<number | null>(null);
  const index = viewer.index;
  const photo = index === null ? undefined : photos[index];
  const onPointerUp = (e: PointerEvent) => {
    if (start.current === null) return;
    const moved = e.clientX - start.current;
    start.current = null;
    if (moved <= -SWIPE_PX) viewer.next();
    if (moved >= SWIPE_PX) viewer.previous();
  };
  const tag = photo && photoTag(photo);
  const open = photo !== undefined;
  const { previous, next } = viewer;
  // The arrow keys move while the dialog is open, wherever focus sits in it (the dialog itself, at first).
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft') previous();
      if (e.key === 'ArrowRight') next();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, previous, next]);
  return (
    <Modal show={open} onHide={viewer.close} size="lg" fullscreen="sm-down" centered aria-labelledby="photo-viewer-title">
      {photo && index !== null && (
        <>
          <Modal.Header closeButton closeLabel={nlPhotos.close}>
            <Modal.Title id="photo-viewer-title" as="h2" className="h5">
              {nlPhotos.viewerTitle(index + 1, photos.length)}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <div
              className="photo-viewer-stage"
              onPointerDown={(e) => (start.current = e.clientX)}
              onPointerUp={onPointerUp}
              onPointerCancel={() => (start.current = null)}
            >
              <img src={photo.url} alt={photoLabel(photo, index + 1)} width={photo.width} height={photo.height} draggable={false} />
            </div>
            {(photo.caption || tag) && (
              <p className="mt-2 mb-0 text-break">
                {photo.caption}
                {tag && <span className="badge text-bg-secondary ms-2">{tag}</span>}
              </p>
            )}
            <p className="small text-body-secondary mt-2 mb-0">{nlPhotos.viewerHelp}</p>
          </Modal.Body>
          <Modal.Footer className="justify-content-between">
            <Button variant="outline-primary" className="action-button" onClick={viewer.previous} disabled={index === 0}>
              {nlPhotos.previous}
            </Button>
            <Button variant="outline-primary" className="action-button" onClick={viewer.next} disabled={index === photos.length - 1}>
              {nlPhotos.next}
            </Button>
          </Modal.Footer>
        </>
      )}
    </Modal>
  );
}
