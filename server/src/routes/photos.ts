// Photos of a visit (issue 26): upload once per device-made id, a visit's and a shop's photos, the pictures
// themselves, and removal. The routes and their codes: contract/src/photos.ts.
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  photo,
  PHOTO_CONTENT_TYPES,
  PHOTO_MAX_BYTES,
  photoIdParam,
  photoParams,
  photoUploadQuery,
  prospectionPhotosParams,
  shopPhotoPage,
  shopPhotosParams,
  shopPhotosQuery,
} from '@prospectie/contract';
import { z } from 'zod';
import { currentEmployee } from '../auth/plugin.js';
import type { Db } from '../db/client.js';
import { CONSTRAINT_ERRORS, DomainError } from '../errors.js';
import { HEAVY_CALL_ERRORS, heavyCall } from '../plugins/heavyCalls.js';
import { matchesIfNoneMatch } from '../plugins/ifNoneMatch.js';
import { addPhoto, deletePhoto, photoFile, shopPhotos, visitPhotos } from '../services/photos.js';
import type { PhotoStorage } from '../services/photoStorage.js';

/** A photo never changes under its id: the browser keeps it, and only for this user. */
const PHOTO_CACHE_CONTROL = 'private, max-age=31536000, immutable';

export const photoRoutes: FastifyPluginAsyncZod<{ db: Db; storage: PhotoStorage; photosPerMinute: number }> = async (
  app,
  { db, storage, photosPerMinute },
) => {
  app.get(
    '/prospections/:prospectionId/photos',
    {
      config: { errors: ['prospection_not_found'] },
      schema: {
        tags: ['photos'],
        description: "A visit's photos in the order they were added.",
        params: prospectionPhotosParams,
        response: { 200: z.array(photo) },
      },
    },
    async (request) => visitPhotos(db, request.params.prospectionId),
  );

  app.get(
    '/shops/:shopId/photos',
    {
      config: { errors: ['shop_not_found'] },
      schema: {
        tags: ['photos'],
        description:
          "A shop's photos across its visits, newest visit first (in a visit, the order they were added), `limit` per page " +
          '(default 60, at most 200); the next page with before=nextCursor.',
        params: shopPhotosParams,
        querystring: shopPhotosQuery,
        response: { 200: shopPhotoPage },
      },
    },
    async (request) => shopPhotos(db, request.params.shopId, request.query),
  );

  for (const [suffix, kind] of [
    ['', 'file'],
    ['/thumb', 'thumb'],
  ] as const) {
    app.get(
      `/photos/:photoId${suffix}`,
      {
        config: { errors: ['photo_not_found'] },
        schema: {
          tags: ['photos'],
          description:
            kind === 'file'
              ? 'The picture (WebP, longest side 1600 px, no metadata), as the server re-encoded it. ETag; 304 on If-None-Match.'
              : 'The thumbnail (WebP, longest side 320 px, at most 30 KB). ETag; 304 on If-None-Match.',
          params: photoIdParam,
          response: {
            200: z.string().describe('image/webp'),
            304: z.undefined().describe('unchanged since the ETag sent: no body'),
          },
        },
      },
      async (request, reply) => {
        const file = await photoFile(db, storage, request.params.photoId, kind);
        reply.header('etag', file.etag).header('cache-control', PHOTO_CACHE_CONTROL);
        if (matchesIfNoneMatch(request.headers['if-none-match'], file.etag)) return reply.status(304).send(undefined as never);
        return reply.type('image/webp').send((await file.read()) as never);
      },
    );
  }

  app.delete(
    '/prospections/:prospectionId/photos/:photoId',
    {
      config: { errors: ['no_employee', 'prospection_not_found', 'not_own_prospection'] },
      schema: {
        tags: ['photos'],
        description: "Removes a photo of the rep's own visit; one that is gone already answers 204 too.",
        params: photoParams,
        response: { 204: z.undefined().describe('removed') },
      },
    },
    async (request, reply) => {
      await deletePhoto(db, storage, currentEmployee(request), request.params.prospectionId, request.params.photoId);
      return reply.status(204).send();
    },
  );

  // The image itself as the body, only here: no other route takes these types.
  await app.register(async (scoped) => {
    scoped.addContentTypeParser([...PHOTO_CONTENT_TYPES], { parseAs: 'buffer', bodyLimit: PHOTO_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    scoped.withTypeProvider<ZodTypeProvider>().put(
      '/prospections/:prospectionId/photos/:photoId',
      {
        bodyLimit: PHOTO_MAX_BYTES,
        config: {
          ...heavyCall(photosPerMinute),
          errors: [
            ...HEAVY_CALL_ERRORS,
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
        },
        schema: {
          tags: ['photos'],
          description:
            "Adds a photo to the rep's own visit: the image as the body (image/jpeg, image/webp or image/png, at most 10 MB), " +
            're-encoded by the server. The same photoId for the same visit again answers 200 with the stored photo.',
          params: photoParams,
          querystring: photoUploadQuery,
          response: { 201: photo, 200: photo },
        },
      },
      async (request, reply) => {
        const who = currentEmployee(request);
        if (!Buffer.isBuffer(request.body)) {
          throw new DomainError(
            'unsupported_media_type',
            'send the image itself as the body (image/jpeg, image/webp or image/png)',
            'body',
          );
        }
        const { status, photo: stored } = await addPhoto(db, storage, who, request.params, request.query, request.body);
        return reply.status(status).send(stored);
      },
    );
  });
};
