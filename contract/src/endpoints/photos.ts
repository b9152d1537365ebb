// The photo endpoints: a visit's and a shop's photos, the pictures themselves, upload once per device-made id, and
// removal. What each field and code means: ../photos.ts.
import { z } from 'zod';
import { endpoint } from '../endpoint';
import * as address from './addresses';
import { CONSTRAINT_ERRORS } from '../errors';
import {
  photo,
  PHOTO_MAX_BYTES,
  photoIdParam,
  photoParams,
  photoUploadQuery,
  prospectionPhotosParams,
  shopPhotoPage,
  shopPhotosParams,
  shopPhotosQuery,
} from '../index';

export const photosOfProspection = endpoint({
  ...address.photosOfProspection,
  tags: ['photos'],
  description: "A visit's photos in the order they were added.",
  params: prospectionPhotosParams,
  responses: { 200: z.array(photo) },
  errors: ['prospection_not_found'],
});

export const photosOfShop = endpoint({
  ...address.photosOfShop,
  tags: ['photos'],
  description:
    "A shop's photos across its visits, newest visit first (in a visit, the order they were added), `limit` per page " +
    '(default 60, at most 200); the next page with before=nextCursor.',
  params: shopPhotosParams,
  query: shopPhotosQuery,
  responses: { 200: shopPhotoPage },
  errors: ['shop_not_found'],
});

/** A picture never changes under its id: sent with an ETag, and 304 for one the browser has. */
const pictureResponses = {
  200: z.string().describe('image/webp'),
  304: z.undefined().describe('unchanged since the ETag sent: no body'),
};

export const photoFile = endpoint({
  ...address.photoFile,
  tags: ['photos'],
  description: 'The picture (WebP, longest side 1600 px, no metadata), as the server re-encoded it. ETag; 304 on If-None-Match.',
  params: photoIdParam,
  responses: pictureResponses,
  errors: ['photo_not_found'],
});

export const photoThumb = endpoint({
  ...address.photoThumb,
  tags: ['photos'],
  description: 'The thumbnail (WebP, longest side 320 px, at most 30 KB). ETag; 304 on If-None-Match.',
  params: photoIdParam,
  responses: pictureResponses,
  errors: ['photo_not_found'],
});

/** The image itself is the body (image/jpeg, image/webp or image/png, read by the server's own parser, no schema). */
export const uploadPhoto = endpoint({
  ...address.uploadPhoto,
  tags: ['photos'],
  description:
    "Adds a photo to the rep's own visit: the image as the body (image/jpeg, image/webp or image/png, at most 10 MB), " +
    're-encoded by the server. The same photoId for the same visit again answers 200 with the stored photo.',
  params: photoParams,
  query: photoUploadQuery,
  responses: { 201: photo, 200: photo },
  errors: [
    'no_employee',
    'prospection_not_found',
    'not_own_prospection',
    'photo_id_taken',
    'photo_limit_reached',
    'brand_not_found',
    'competitor_brand_not_found',
    'photo_not_an_image',
    'photo_unreadable',
    'photo_too_many_pixels',
    ...CONSTRAINT_ERRORS,
  ],
  bodyLimit: PHOTO_MAX_BYTES,
  heavy: true,
});

export const deletePhoto = endpoint({
  ...address.deletePhoto,
  tags: ['photos'],
  description: "Removes a photo of the rep's own visit; one that is gone already answers 204 too.",
  params: photoParams,
  responses: { 204: z.undefined().describe('removed') },
  errors: ['no_employee', 'prospection_not_found', 'not_own_prospection'],
});
