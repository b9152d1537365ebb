// Turns the bytes a phone sent into the picture and thumbnail we serve (decision 035): checked by their content, decoded
// with a pixel limit, auto-rotated, shrunk and re-encoded as WebP without any metadata, so nothing is served as it
// was sent (docs/decisions/035-photo-storage.md).
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import sharp, { type OutputInfo } from 'sharp';
import { PHOTO_LONG_SIDE, PHOTO_MAX_PIXELS, PHOTO_THUMB_LONG_SIDE, PHOTO_THUMB_MAX_BYTES } from '@prospectie/contract';
import { DomainError } from '../errors.js';

// libvips' operation cache keeps recent decodes for reuse; every upload is a new image, so it only holds memory.
sharp.cache(false);

export interface ProcessedPhoto {
  picture: Buffer;
  thumb: Buffer;
  /** Of the picture. */
  width: number;
  height: number;
}

/** What the bytes are by their first bytes (the name and Content-Type a client gives say nothing). */
export function imageFormatOf(bytes: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** The decoder's options: one limit on pixels, and a truncated or damaged file refused instead of half-decoded. */
const input = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'truncated' } as const;
/** Thumbnail qualities to try in turn until one fits PHOTO_THUMB_MAX_BYTES. */
const THUMB_QUALITIES = [70, 55, 40, 25];

/**
 * How many pictures are decoded and re-encoded at once: one per core. The work is all CPU, so more at once is
 * no faster, and each picture in flight holds about 28 MB of libvips' memory (a 1600×1200 decode, its resize and
 * encode). Without this, sharp took as many as libuv's 4 threads run, and glibc's allocator kept what they freed:
 * 100 uploads at once added 274–326 MB to the server's RSS (docs/decisions/035-photo-storage.md); with 2 at a
 * time, 180–230 MB, 90–116 MB with jemalloc preloaded, and about 90 MB with the one malloc arena `npm start` sets
 * (docs/decisions/075-one-malloc-arena.md). The rest wait their turn in the
 * order they came, so the first to arrive are answered first, and the last one waits about as long as all of them
 * did when they shared sharp's threads.
 */
const picturesAtOnce = pLimit(Math.max(1, availableParallelism()));

/** An upload's bytes, or how to read them once its turn comes (an upload kept on disk while it waits, decision 075). */
export type ImageBytes = Buffer | (() => Promise<Buffer>);

/** Refuses what is not a JPEG, PNG or WebP, has more than PHOTO_MAX_PIXELS, or does not decode; else the two WebPs. */
export function processPhoto(bytes: ImageBytes): Promise<ProcessedPhoto> {
  return picturesAtOnce(async () => processPhotoNow(typeof bytes === 'function' ? await bytes() : bytes));
}

async function processPhotoNow(bytes: Buffer): Promise<ProcessedPhoto> {
  const format = imageFormatOf(bytes);
  if (!format) throw new DomainError('photo_not_an_image', 'the body is no JPEG, PNG or WebP image', 'body');
  let width: number | undefined;
  let height: number | undefined;
  try {
    // The header only: the size is known before a single pixel is decoded.
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw new DomainError('photo_unreadable', 'the image header could not be read', 'body');
  }
  if (!width || !height) throw new DomainError('photo_unreadable', 'the image has no size', 'body');
  if (width * height > PHOTO_MAX_PIXELS) {
    throw new DomainError('photo_too_many_pixels', `the image has ${width}x${height} pixels, over ${PHOTO_MAX_PIXELS}`, 'body');
  }
  let picture: { data: Buffer; info: OutputInfo };
  try {
    // No withMetadata/keepExif: sharp's output carries no EXIF, GPS, XMP or ICC profile (it converts to sRGB).
    picture = await sharp(bytes, input)
      .rotate()
      .resize(PHOTO_LONG_SIDE, PHOTO_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new DomainError('photo_unreadable', 'the image could not be decoded', 'body');
  }
  return { picture: picture.data, thumb: await thumbnailOf(picture.data), width: picture.info.width, height: picture.info.height };
}

async function thumbnailOf(picture: Buffer): Promise<Buffer> {
  const resized = sharp(picture).resize(PHOTO_THUMB_LONG_SIDE, PHOTO_THUMB_LONG_SIDE, { fit: 'inside', withoutEnlargement: true });
  let thumb: Buffer | undefined;
  for (const quality of THUMB_QUALITIES) {
    thumb = await resized.clone().webp({ quality }).toBuffer();
    if (thumb.length <= PHOTO_THUMB_MAX_BYTES) return thumb;
  }
  // Even the lowest quality is over: a picture of noise. Smaller still, so the timeline's promise holds.
  return sharp(picture)
    .resize(PHOTO_THUMB_LONG_SIDE / 2, PHOTO_THUMB_LONG_SIDE / 2, { fit: 'inside' })
    .webp({ quality: THUMB_QUALITIES.at(-1) })
    .toBuffer();
}
