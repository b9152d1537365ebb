// Makes a picture small on the device before it is kept or sent: longest side at most 1600 px, WebP (JPEG where the
// browser cannot encode WebP), quality lowered until it fits 250 KB. Drawing it anew drops its location and every
// other piece of metadata (docs/decisions/036-photos-on-the-device.md).

export const MAX_SIDE = 1600;
export const MAX_BYTES = 250 * 1024;
/** The qualities tried in turn; below the last the picture is made smaller instead (it would only blur more). */
export const QUALITIES = [0.82, 0.72, 0.62, 0.52, 0.42] as const;
/** Each step down in size once the lowest quality is still too large. */
const SHRINK_STEP = 0.75;
/** A picture is never made smaller than this (a 400 px WebP is far below 250 KB anyway). */
const MIN_SIDE = 400;

export interface Size {
  width: number;
  height: number;
}

export interface EncodeAttempt extends Size {
  quality: number;
}

/** The picture's size with its longest side at most `maxSide`, proportions kept; a smaller picture stays as it is. */
export function fittedSize({ width, height }: Size, maxSide = MAX_SIDE): Size {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The first encoding tried: fitted, at the best quality. */
export const firstAttempt = (original: Size): EncodeAttempt => ({ ...fittedSize(original), quality: QUALITIES[0] });

/**
 * What to try after an encoding of `bytes`: nothing (null) when it fits, else the next lower quality, else at the
 * lowest quality a smaller picture; null as well once the picture is as small as it gets.
 */
export function nextAttempt(previous: EncodeAttempt, bytes: number): EncodeAttempt | null {
  if (bytes <= MAX_BYTES) return null;
  const lower = QUALITIES.find((q) => q < previous.quality);
  if (lower !== undefined) return { ...previous, quality: lower };
  const longest = Math.max(previous.width, previous.height);
  if (longest <= MIN_SIDE) return null;
  return { ...fittedSize(previous, Math.max(MIN_SIDE, Math.round(longest * SHRINK_STEP))), quality: previous.quality };
}

/** WebP where the browser encodes it; a browser that cannot answers another type (PNG) and gets JPEG instead. */
export const encodingAfter = (asked: string, answered: string) => (asked === 'image/webp' && answered !== asked ? 'image/jpeg' : asked);

export interface ShrunkPhoto extends Size {
  blob: Blob;
}

type Canvas = OffscreenCanvas | HTMLCanvasElement;

function canvasOf({ width, height }: Size): Canvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function encode(canvas: Canvas, type: string, quality: number): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality });
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('encoding failed'))), type, quality),
  );
}

/** The picture as the phone made it, drawn upright, smaller and re-encoded; rejects when the file is no picture the browser reads. */
export async function shrinkPhoto(file: Blob): Promise<ShrunkPhoto> {
  // 'from-image': upright as the camera held it (EXIF orientation), before the EXIF block is dropped with the rest.
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    let attempt: EncodeAttempt | null = firstAttempt(bitmap);
    let type = 'image/webp';
    let best: ShrunkPhoto | null = null;
    while (attempt) {
      const canvas = canvasOf(attempt);
      const context = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
      if (!context) throw new Error('no canvas');
      context.imageSmoothingQuality = 'high';
      context.drawImage(bitmap, 0, 0, attempt.width, attempt.height);
      const blob = await encode(canvas, type, attempt.quality);
      const answered = encodingAfter(type, blob.type);
      if (answered !== type) {
        // No WebP here: the same attempt again as JPEG.
        type = answered;
        continue;
      }
      best = { blob, width: attempt.width, height: attempt.height };
      attempt = nextAttempt(attempt, blob.size);
    }
    return best!;
  } finally {
    bitmap.close();
  }
}
