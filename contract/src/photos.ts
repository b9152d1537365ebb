// Photos of a visit (decision 035): the shop window, a display, how an FC70 brand hangs next to a competitor.
// Decision record: docs/decisions/035-photo-storage.md.
//
// Each endpoint (method, path, answers, codes, limits) is declared once in ./endpoints/photos.ts. What holds for
// them all: "the visit's rep" is the employee who recorded the visit, read from the session, never from the request;
// a photo's id is a UUID the device made, so a retry or two sends at once store it once; nothing a phone sends is
// served as it was sent (re-encoded to WebP, auto-rotated, without metadata); a refused upload stores nothing; a
// photo never changes under its id, so it is served `private, max-age=31536000, immutable` with an ETag.
import { z } from 'zod';
import { id } from './ids';
import { API_ROOT, endpointUrl } from './endpoint';
import { photoFile, photoThumb } from './endpoints/addresses/photos';
import { plainText, rule } from './text';

/** The largest image body the upload takes: a phone's original photo fits, though the app sends ≤ 250 KB. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** The Content-Types the upload takes; the bytes decide whether it is an image (photo_not_an_image). */
export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/webp', 'image/png'] as const;
/** The most pixels (width × height) an image may have before it is decoded: more is refused as a decompression bomb. */
export const PHOTO_MAX_PIXELS = 40_000_000;
/** At most this many photos per visit. */
export const PHOTOS_PER_VISIT = 10;
/** The longest side of the stored picture and of its thumbnail, in pixels. */
export const PHOTO_LONG_SIDE = 1600;
export const PHOTO_THUMB_LONG_SIDE = 320;
/** The largest thumbnail, in bytes (the shop's timeline loads up to 200 of them). */
export const PHOTO_THUMB_MAX_BYTES = 30 * 1024;
/** The longest caption, in characters. */
export const PHOTO_CAPTION_MAX = 200;
export const SHOP_PHOTOS_PAGE = { default: 60, max: 200 } as const;

/** A photo's id: a UUID made on the device (crypto.randomUUID), so a retry names the same photo. */
export const photoId = z.string().uuid();

export const photoParams = z.object({ prospectionId: id, photoId });
export const prospectionPhotosParams = z.object({ prospectionId: id });
export const photoIdParam = z.object({ photoId });
export const shopPhotosParams = z.object({ shopId: id });

/** The upload's query: an optional caption and at most one tag, an FC70 brand or a competitor brand. */
export const photoUploadQuery = z
  .object({
    /** Empty or only spaces: no caption. */
    caption: plainText(PHOTO_CAPTION_MAX).trim().optional(),
    brandId: id.optional(),
    competitorBrandId: id.optional(),
  })
  .refine((q) => q.brandId === undefined || q.competitorBrandId === undefined, {
    ...rule('photo_one_brand_tag'),
    path: ['competitorBrandId'],
  });
export type PhotoUploadQuery = z.input<typeof photoUploadQuery>;

const tag = z.object({ id: z.number().int(), name: z.string() });
/** One photo as every read answers it. */
export const photo = z.object({
  id: z.string(),
  caption: z.string().nullable(),
  brand: tag.nullable(),
  competitorBrand: tag.nullable(),
  /** Of the stored (re-encoded) picture. */
  width: z.number().int(),
  height: z.number().int(),
  createdAt: z.string(),
  /** The full picture and the thumbnail, both image/webp under /api (a session is needed to read them). */
  url: z.string(),
  thumbUrl: z.string(),
});
export type Photo = z.infer<typeof photo>;

/** One photo of a shop's timeline: the photo and the visit it was taken in. */
export const shopPhoto = photo.extend({
  visitId: z.number().int(),
  visitDate: z.string(),
  employeeName: z.string(),
});
export type ShopPhoto = z.infer<typeof shopPhoto>;

export const shopPhotosQuery = z.object({
  /** The nextCursor of the page before; opaque. */
  before: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}_\d{1,9}_\d{1,4}$/)
    .refine((cursor) => {
      const [y, m, d] = cursor.slice(0, 10).split('-').map(Number);
      const day = new Date(Date.UTC(y, m - 1, d));
      return day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
    })
    .optional(),
  limit: z.coerce.number().int().min(1).max(SHOP_PHOTOS_PAGE.max).default(SHOP_PHOTOS_PAGE.default),
});
export type ShopPhotosQuery = z.input<typeof shopPhotosQuery>;
export const shopPhotoPage = z.object({ photos: z.array(shopPhoto), nextCursor: z.string().nullable() });
export type ShopPhotoPage = z.infer<typeof shopPhotoPage>;

/** Where the full picture and the thumbnail of a photo are read (the `url` and `thumbUrl` of a Photo). */
export const photoUrl = (photoId: string) => API_ROOT + endpointUrl(photoFile, { photoId });
export const photoThumbUrl = (photoId: string) => API_ROOT + endpointUrl(photoThumb, { photoId });
