// Photos of a visit (decision 035): upload once per device-made id, a visit's and a shop's photos, the pictures
// themselves, and removal. Each endpoint is declared in contract/src/endpoints/photos.ts; what the codes mean:
// contract/src/photos.ts.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PHOTO_CONTENT_TYPES } from '@prospectie/contract';
import * as endpoints from '@prospectie/contract/endpoints';
import { currentEmployee } from '../auth/plugin.js';
import type { Db } from '../db/client.js';
import { DomainError } from '../errors.js';
import { SpilledBody } from '../lib/spilledBody.js';
import { matchesIfNoneMatch } from '../plugins/ifNoneMatch.js';
import { addPhoto, deletePhoto, photoFile, shopPhotos, visitPhotos } from '../services/photos.js';
import type { PhotoStorage } from '../services/photoStorage.js';
import { route } from './declared.js';

const { deletePhoto: remove, photoFile: picture, photosOfProspection, photosOfShop, photoThumb, uploadPhoto } = endpoints;

/** A photo never changes under its id: the browser keeps it, and only for this user. */
const PHOTO_CACHE_CONTROL = 'private, max-age=31536000, immutable';

export const photoRoutes: FastifyPluginAsyncZod<{ db: Db; storage: PhotoStorage; photosPerMinute: number }> = async (
  app,
  { db, storage, photosPerMinute },
) => {
  route(app, photosOfProspection, async (request) => visitPhotos(db, request.params.prospectionId));

  route(app, photosOfShop, async (request) => shopPhotos(db, request.params.shopId, request.query));

  /** Sends the picture or its thumbnail, or 304 when the browser has it. */
  const send = (kind: 'file' | 'thumb') => async (request: FastifyRequest<{ Params: { photoId: string } }>, reply: FastifyReply) => {
    const file = await photoFile(db, storage, request.params.photoId, kind);
    reply.header('etag', file.etag).header('cache-control', PHOTO_CACHE_CONTROL);
    if (matchesIfNoneMatch(request.headers['if-none-match'], file.etag)) return reply.status(304).send(undefined);
    return reply.type('image/webp').send(await file.read());
  };
  route(app, picture, send('file'));
  route(app, photoThumb, send('thumb'));

  route(app, remove, async (request) => {
    await deletePhoto(db, storage, currentEmployee(request), request.params.prospectionId, request.params.photoId);
  });

  // The image itself as the body, only here: no other route takes these types. A heavy call with its own limit,
  // photosPerMinute (app.ts, decision 041). The body goes to a temporary file as soon as it is read and is read back
  // when its turn to be decoded comes, so 100 uploads arriving at once do not wait in memory (decision 075).
  await app.register(async (scoped) => {
    scoped.addContentTypeParser(
      [...PHOTO_CONTENT_TYPES],
      { parseAs: 'buffer', bodyLimit: uploadPhoto.bodyLimit },
      (_request, body, done) => {
        SpilledBody.of(body as Buffer).then((spilled) => done(null, spilled), done);
      },
    );
    const removeSpilled = async (request: FastifyRequest) => {
      if (request.body instanceof SpilledBody) await request.body.remove();
    };
    scoped.addHook('onResponse', removeSpilled);
    scoped.addHook('onRequestAbort', removeSpilled);
    route(
      scoped,
      uploadPhoto,
      async (request, reply) => {
        const who = currentEmployee(request);
        const image: unknown = request.body;
        if (!(image instanceof SpilledBody)) {
          throw new DomainError(
            'unsupported_media_type',
            'send the image itself as the body (image/jpeg, image/webp or image/png)',
            'body',
          );
        }
        const { status, photo } = await addPhoto(db, storage, who, request.params, request.query, image.read);
        return reply.status(status).send(photo);
      },
      { heavyCallsPerMinute: photosPerMinute },
    );
  });
};
