// Photos of a visit (decision 035): adding one once per device-made id, listing a visit's and a shop's, serving the
// bytes, deleting. The routes and codes: contract/src/photos.ts; why it is built so: docs/decisions/035-photo-storage.md.
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, max, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  photoThumbUrl,
  photoUrl,
  PHOTOS_PER_VISIT,
  type Photo,
  photoUploadQuery,
  type ShopPhotoPage,
  shopPhotosQuery,
} from '@prospectie/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client.js';
import { brands, competitorBrands, employees, photos, prospections, shops } from '../db/schema.js';
import { DomainError } from '../errors.js';
import { currentIds } from './brandIds.js';
import { type ImageBytes, processPhoto } from './photoImages.js';
import type { PhotoStorage } from './photoStorage.js';

/** The queries as the routes parsed them. */
type UploadQuery = z.output<typeof photoUploadQuery>;
type TimelineQuery = z.output<typeof shopPhotosQuery>;

export interface PhotoAuthor {
  userId: number;
  employeeId: number;
}

const competitor = alias(competitorBrands, 'competitor');
const photoColumns = {
  id: photos.id,
  caption: photos.caption,
  brandId: brands.id,
  brandName: brands.name,
  competitorBrandId: competitor.id,
  competitorBrandName: competitor.name,
  width: photos.width,
  height: photos.height,
  createdAt: photos.createdAt,
};
/** The photos with their tags' names: the select every read starts from. */
const selectPhotos = (db: Db | Tx) =>
  db
    .select(photoColumns)
    .from(photos)
    .leftJoin(brands, eq(brands.id, photos.brandId))
    .leftJoin(competitor, eq(competitor.id, photos.competitorBrandId));
type PhotoRow = Awaited<ReturnType<typeof selectPhotos>>[number];

const toPhoto = (row: PhotoRow): Photo => ({
  id: row.id,
  caption: row.caption,
  brand: row.brandId !== null && row.brandName !== null ? { id: row.brandId, name: row.brandName } : null,
  competitorBrand:
    row.competitorBrandId !== null && row.competitorBrandName !== null
      ? { id: row.competitorBrandId, name: row.competitorBrandName }
      : null,
  width: row.width,
  height: row.height,
  createdAt: new Date(row.createdAt).toISOString(),
  url: photoUrl(row.id),
  thumbUrl: photoThumbUrl(row.id),
});

async function onePhoto(db: Db | Tx, id: string): Promise<Photo> {
  const [row] = await selectPhotos(db).where(eq(photos.id, id));
  return toPhoto(row);
}

/** The visit, refused unless it exists and the signed-in rep recorded it. */
async function ownVisit(db: Db | Tx, prospectionId: number, who: PhotoAuthor, lock = false) {
  const query = db.select({ employeeId: prospections.employeeId }).from(prospections).where(eq(prospections.id, prospectionId));
  const [visit] = lock ? await query.for('update') : await query;
  if (!visit) throw new DomainError('prospection_not_found', 'prospection not found', 'params.prospectionId');
  if (visit.employeeId !== who.employeeId) {
    throw new DomainError('not_own_prospection', 'only the rep who recorded a visit adds or removes its photos');
  }
}

/** The photo stored under id already: 'same' for this visit (a retry), else refused; null when there is none. */
async function storedAlready(db: Db | Tx, id: string, prospectionId: number): Promise<'same' | null> {
  const [row] = await db.select({ prospectionId: photos.prospectionId }).from(photos).where(eq(photos.id, id));
  if (!row) return null;
  if (row.prospectionId !== prospectionId)
    throw new DomainError('photo_id_taken', 'this photo id belongs to another visit', 'params.photoId');
  return 'same';
}

async function assertRoom(db: Db | Tx, prospectionId: number) {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(photos)
    .where(eq(photos.prospectionId, prospectionId));
  if (count >= PHOTOS_PER_VISIT) throw new DomainError('photo_limit_reached', `a visit has at most ${PHOTOS_PER_VISIT} photos`);
}

async function assertTagsExist(db: Db | Tx, query: UploadQuery) {
  if (query.brandId !== undefined) {
    const [row] = await db.select({ id: brands.id }).from(brands).where(eq(brands.id, query.brandId));
    if (!row) throw new DomainError('brand_not_found', 'no FC70 brand with this id', 'query.brandId');
  }
  if (query.competitorBrandId !== undefined) {
    const [row] = await db
      .select({ id: competitorBrands.id })
      .from(competitorBrands)
      .where(eq(competitorBrands.id, query.competitorBrandId));
    if (!row) throw new DomainError('competitor_brand_not_found', 'no competitor brand with this id', 'query.competitorBrandId');
  }
}

/**
 * Adds a photo to the rep's own visit, once per id: 201 with the photo, or 200 with the one stored under this id
 * before (nothing stored again). The bytes go to the storage under keys of this attempt before the row is written,
 * and are removed again when the row is not (a refusal, or another attempt with the same id that won), so a photo
 * is never listed without its bytes and a refusal leaves nothing.
 */
export async function addPhoto(
  db: Db,
  storage: PhotoStorage,
  who: PhotoAuthor,
  target: { prospectionId: number; photoId: string },
  query: UploadQuery,
  bytes: ImageBytes,
): Promise<{ status: 200 | 201; photo: Photo }> {
  const { prospectionId } = target;
  // The database compares UUIDs in any case; the storage keys are lower case.
  const photoId = target.photoId.toLowerCase();
  // The cheap refusals first, before the image is decoded.
  await ownVisit(db, prospectionId, who);
  if (await storedAlready(db, photoId, prospectionId)) return { status: 200, photo: await onePhoto(db, photoId) };
  await assertTagsExist(db, query);
  await assertRoom(db, prospectionId);
  const image = await processPhoto(bytes);

  const attempt = randomUUID();
  const keys = {
    file: `${photoId.slice(0, 2)}/${photoId}-${attempt}.webp`,
    thumb: `${photoId.slice(0, 2)}/${photoId}-${attempt}-thumb.webp`,
  };
  const removeFiles = () => Promise.all([storage.delete(keys.file), storage.delete(keys.thumb)]);
  try {
    await storage.put(keys.file, image.picture);
    await storage.put(keys.thumb, image.thumb);
    const added = await db.transaction(async (tx) => {
      // The visit's row lock: two photos of one visit take turns, so the count and the position hold.
      await ownVisit(tx, prospectionId, who, true);
      if (await storedAlready(tx, photoId, prospectionId)) return false;
      await assertRoom(tx, prospectionId);
      const ids = (kind: 'brands' | 'competitorBrands', id: number | undefined) =>
        id === undefined ? Promise.resolve(null) : currentIds(tx, kind, [id]).then((map) => map.get(id)!);
      const [{ last }] = await tx
        .select({ last: max(photos.position) })
        .from(photos)
        .where(eq(photos.prospectionId, prospectionId));
      const inserted = await tx
        .insert(photos)
        .values({
          id: photoId,
          prospectionId,
          position: (last ?? 0) + 1,
          caption: query.caption || null,
          brandId: await ids('brands', query.brandId),
          competitorBrandId: await ids('competitorBrands', query.competitorBrandId),
          width: image.width,
          height: image.height,
          fileKey: keys.file,
          thumbKey: keys.thumb,
          fileBytes: image.picture.length,
          thumbBytes: image.thumb.length,
          createdBy: who.userId,
        })
        // Another visit's lock does not cover this id: the key decides, and the loser reads who won.
        .onConflictDoNothing({ target: photos.id })
        .returning({ id: photos.id });
      return inserted.length > 0;
    });
    if (!added) {
      await removeFiles();
      await storedAlready(db, photoId, prospectionId);
      return { status: 200, photo: await onePhoto(db, photoId) };
    }
  } catch (err) {
    await removeFiles().catch(() => undefined);
    throw err;
  }
  return { status: 201, photo: await onePhoto(db, photoId) };
}

/** A visit's photos in the order they were added. */
export async function visitPhotos(db: Db, prospectionId: number): Promise<Photo[]> {
  const [visit] = await db.select({ id: prospections.id }).from(prospections).where(eq(prospections.id, prospectionId));
  if (!visit) throw new DomainError('prospection_not_found', 'prospection not found', 'params.prospectionId');
  const rows = await selectPhotos(db).where(eq(photos.prospectionId, prospectionId)).orderBy(asc(photos.position));
  return rows.map(toPhoto);
}

/** The cursor of a shop's timeline: the visit date, visit id and position of the last photo of the page. */
const cursorOf = (row: { visitDate: string; visitId: number; position: number }) => `${row.visitDate}_${row.visitId}_${row.position}`;

/** A shop's photos across its visits, newest visit first, a page at a time. */
export async function shopPhotos(db: Db, shopId: number, query: TimelineQuery): Promise<ShopPhotoPage> {
  const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId));
  if (!shop) throw new DomainError('shop_not_found', 'shop not found', 'params.shopId');
  const { limit } = query;
  let after = sql`true`;
  if (query.before) {
    const [date, visitId, position] = query.before.split('_');
    after = sql`(${prospections.visitDate} < ${date} or (${prospections.visitDate} = ${date} and (${prospections.id} < ${Number(visitId)} or (${prospections.id} = ${Number(visitId)} and ${photos.position} > ${Number(position)}))))`;
  }
  const rows = await db
    .select({
      ...photoColumns,
      position: photos.position,
      visitId: prospections.id,
      visitDate: prospections.visitDate,
      employeeName: sql<string>`${employees.firstName} || ' ' || ${employees.name}`,
    })
    .from(photos)
    .innerJoin(prospections, eq(prospections.id, photos.prospectionId))
    .innerJoin(employees, eq(employees.id, prospections.employeeId))
    .leftJoin(brands, eq(brands.id, photos.brandId))
    .leftJoin(competitor, eq(competitor.id, photos.competitorBrandId))
    .where(and(eq(prospections.shopId, shopId), after))
    .orderBy(desc(prospections.visitDate), desc(prospections.id), asc(photos.position))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    photos: page.map((row) => ({
      ...toPhoto(row),
      visitId: row.visitId,
      visitDate: row.visitDate,
      employeeName: row.employeeName,
    })),
    nextCursor: rows.length > limit ? cursorOf(page[page.length - 1]) : null,
  };
}

/** The bytes of a photo's picture or thumbnail and a tag that changes only with them; null when there is no such photo. */
export async function photoFile(
  db: Db,
  storage: PhotoStorage,
  id: string,
  kind: 'file' | 'thumb',
): Promise<{ etag: string; read: () => Promise<Buffer> }> {
  const [row] = await db.select({ fileKey: photos.fileKey, thumbKey: photos.thumbKey }).from(photos).where(eq(photos.id, id));
  if (!row) throw new DomainError('photo_not_found', 'no photo with this id', 'params.photoId');
  const key = kind === 'file' ? row.fileKey : row.thumbKey;
  return {
    // The key holds the upload attempt's random id: the same key is always the same bytes.
    etag: `"${key.slice(key.lastIndexOf('/') + 1, -'.webp'.length)}"`,
    read: async () => {
      const bytes = await storage.get(key);
      // Deleted between the two reads.
      if (!bytes) throw new DomainError('photo_not_found', 'no photo with this id', 'params.photoId');
      return bytes;
    },
  };
}

/** Removes a photo of the rep's own visit; one that is not there (any more) is fine, so a retry answers the same. */
export async function deletePhoto(db: Db, storage: PhotoStorage, who: PhotoAuthor, prospectionId: number, photoId: string) {
  const removed = await db.transaction(async (tx) => {
    await ownVisit(tx, prospectionId, who, true);
    return tx
      .delete(photos)
      .where(and(eq(photos.id, photoId), eq(photos.prospectionId, prospectionId)))
      .returning({ fileKey: photos.fileKey, thumbKey: photos.thumbKey });
  });
  // After the row is gone: a crash in between leaves bytes nobody lists, never a listed photo without bytes.
  for (const row of removed) await Promise.all([storage.delete(row.fileKey), storage.delete(row.thumbKey)]);
}
