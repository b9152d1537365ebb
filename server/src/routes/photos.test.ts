// Photos of a visit (decision 035), on every database and every photo storage: a retry stores once, nothing a phone
// sends is served as it was, every bad input is refused with nothing stored, and only the visit's rep changes them.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, PHOTO_THUMB_MAX_BYTES, type Photo, type ShopPhotoPage } from '@prospectie/contract';
import type { Config } from '../config.js';
import { createTestContext, dbKinds, queryRows, sampleVisit, writeHeaders, type TestContext } from '../test/harness.js';
import { photoJpeg, pixelBombPng, textFile, truncatedJpeg } from '../test/images.js';
import { sql } from 'drizzle-orm';
import { directoryPhotoStorage } from '../services/photoStorage.js';

const storageKinds = ['database', 'directory'] as const;

describe.each(dbKinds.flatMap((db) => storageKinds.map((storage) => [db, storage] as const)))(
  'photos of a visit on %s with PHOTO_STORAGE=%s',
  (kind, storageKind) => {
    let ctx: TestContext;
    let dir: string;
    let rep: string;
    let colleague: string;
    let shopId: number;
    let visitId: number;
    let colleagueVisitId: number;
    let jpeg: Buffer;

    /** The files the storage holds: rows of photo_files, or files under PHOTO_DIR. */
    const storedFiles = async (): Promise<number> => {
      if (storageKind === 'database') {
        return (await queryRows<{ n: number }>(ctx.database, sql`select count(*)::int as n from photo_files`))[0].n;
      }
      const entries = await readdir(dir, { recursive: true, withFileTypes: true });
      return entries.filter((e) => e.isFile()).length;
    };
    const snapshot = async () => ({ rows: await ctx.rowCounts(), files: await storedFiles() });

    const put = (visit: number, id: string, body: Buffer, options: { cookie?: string; type?: string; query?: string } = {}) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/prospections/${visit}/photos/${id}${options.query ? `?${options.query}` : ''}`,
        headers: writeHeaders(options.cookie ?? rep, { 'content-type': options.type ?? 'image/jpeg' }),
        payload: body,
      });
    const newVisit = async (cookie: string, visitDate = '2026-11-20') => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/shops/${shopId}/prospections`,
        headers: writeHeaders(cookie),
        payload: { ...sampleVisit('foto'), visitDate },
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: number }).id;
    };

    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'prospectie-photos-'));
      const photoStorage: Config['photoStorage'] = storageKind === 'directory' ? { kind: 'directory', dir } : { kind: 'database' };
      ctx = await createTestContext(kind, { config: { photoStorage } });
      rep = await ctx.signIn('demo@example.com');
      colleague = await ctx.signIn('collega@example.com');
      shopId = ((await ctx.app.inject({ url: '/api/shops', headers: { cookie: rep } })).json() as { id: number }[])[0].id;
      visitId = await newVisit(rep);
      colleagueVisitId = await newVisit(colleague);
      jpeg = await photoJpeg(2400, 1800);
    }, 120_000);
    afterAll(async () => {
      await ctx?.close();
      await rm(dir, { recursive: true, force: true });
    });

    it('stores a photo once: the first upload answers 201, a retry with the same id 200 with the same photo', async () => {
      const id = randomUUID();
      const before = await snapshot();
      const first = await put(visitId, id, jpeg, { query: 'caption=%20Etalage%20maart%20&brandId=1' });
      expect(first.statusCode, first.body).toBe(201);
      const photo = first.json() as Photo;
      expect(photo).toMatchObject({
        id,
        caption: 'Etalage maart',
        brand: { id: 1, name: expect.any(String) },
        competitorBrand: null,
        width: 1600,
        height: 1200,
        url: `/api/photos/${id}`,
        thumbUrl: `/api/photos/${id}/thumb`,
      });
      const again = await put(visitId, id, jpeg, { query: 'caption=Etalage%20maart&brandId=1' });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(photo);
      // The same UUID in capitals is the same photo.
      const shouted = await put(visitId, id.toUpperCase(), jpeg);
      expect(shouted.statusCode).toBe(200);
      expect(shouted.json()).toEqual(photo);
      const after = await snapshot();
      expect(after.rows.photos).toBe(before.rows.photos + 1);
      expect(after.files).toBe(before.files + 2);
    });

    it('stores a photo once when the same upload arrives several times at once', async () => {
      const visit = await newVisit(rep);
      const id = randomUUID();
      const before = await snapshot();
      const answers = await Promise.all(Array.from({ length: 4 }, () => put(visit, id, jpeg)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 201]);
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      const after = await snapshot();
      expect(after.rows.photos).toBe(before.rows.photos + 1);
      expect(after.files).toBe(before.files + 2);
    });

    it('lists a visit’s photos in the order they were added, with their tags', async () => {
      const visit = await newVisit(rep);
      const ids = [randomUUID(), randomUUID(), randomUUID()];
      expect((await put(visit, ids[0], jpeg, { query: 'caption=Etalage' })).statusCode).toBe(201);
      expect((await put(visit, ids[1], jpeg, { query: 'competitorBrandId=1' })).statusCode).toBe(201);
      expect((await put(visit, ids[2], jpeg, { query: 'caption=' })).statusCode).toBe(201);
      const res = await ctx.app.inject({ url: `/api/prospections/${visit}/photos`, headers: { cookie: colleague } });
      expect(res.statusCode).toBe(200);
      const list = res.json() as Photo[];
      expect(list.map((p) => p.id)).toEqual(ids);
      expect(list.map((p) => p.caption)).toEqual(['Etalage', null, null]);
      expect(list[1].competitorBrand).toEqual({ id: 1, name: expect.any(String) });
      expect(list[1].brand).toBeNull();
      const unknown = await ctx.app.inject({ url: '/api/prospections/999999/photos', headers: { cookie: rep } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('prospection_not_found');
    });

    it('serves the picture and a thumbnail of at most 30 KB as WebP, cached privately for a year, with an ETag', async () => {
      const id = randomUUID();
      expect((await put(visitId, id, await photoJpeg(1200, 900))).statusCode).toBe(201);
      for (const [url, longest] of [
        [`/api/photos/${id}`, 1200],
        [`/api/photos/${id}/thumb`, 320],
      ] as const) {
        const res = await ctx.app.inject({ url, headers: { cookie: colleague, 'accept-encoding': 'br, gzip' } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
        expect(res.headers['content-encoding']).toBeUndefined();
        const etag = res.headers.etag as string;
        expect(etag).toMatch(/^"[\w-]+"$/);
        const meta = await sharp(res.rawPayload).metadata();
        expect(meta.format).toBe('webp');
        expect(Math.max(meta.width!, meta.height!)).toBe(longest);
        if (url.endsWith('/thumb')) expect(res.rawPayload.length).toBeLessThanOrEqual(PHOTO_THUMB_MAX_BYTES);
        // As a browser asks again: its stored tag, here among others and weak.
        const unchanged = await ctx.app.inject({ url, headers: { cookie: colleague, 'if-none-match': `"ander", W/${etag}` } });
        expect(unchanged.statusCode).toBe(304);
        expect(unchanged.rawPayload.length).toBe(0);
        const anonymous = await ctx.app.inject({ url });
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json().code).toBe('not_signed_in');
        // Nothing a shared cache could keep and hand to someone else.
        expect(String(anonymous.headers['cache-control'] ?? '')).not.toMatch(/public|max-age/);
      }
      const missing = await ctx.app.inject({ url: `/api/photos/${randomUUID()}/thumb`, headers: { cookie: rep } });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('photo_not_found');
    });

    it('keeps no EXIF, GPS or other metadata of the phone, and turns the picture as the phone held it', async () => {
      const withGps = await photoJpeg(1200, 900, { exif: true, orientation: 6 });
      const sent = await sharp(withGps).metadata();
      expect(sent.exif?.toString('latin1')).toContain('secret-owner');
      expect(sent.orientation).toBe(6);
      const id = randomUUID();
      const res = await put(visitId, id, withGps);
      expect(res.statusCode).toBe(201);
      // Orientation 6: the camera held it a quarter turn; the picture stands upright now.
      expect(res.json()).toMatchObject({ width: 900, height: 1200 });
      for (const url of [`/api/photos/${id}`, `/api/photos/${id}/thumb`]) {
        const served = (await ctx.app.inject({ url, headers: { cookie: rep } })).rawPayload;
        const meta = await sharp(served).metadata();
        expect(meta.exif, url).toBeUndefined();
        expect(meta.xmp, url).toBeUndefined();
        expect(meta.icc, url).toBeUndefined();
        expect(meta.orientation, url).toBeUndefined();
        const text = served.toString('latin1');
        for (const mark of ['Exif', 'GPS', 'secret-owner', 'Testphone']) expect(text, `${url} ${mark}`).not.toContain(mark);
      }
    });

    it('refuses every bad input with its code and stores nothing', async () => {
      const full = await newVisit(rep);
      const cases: [string, () => Promise<{ statusCode: number; json(): { code: string; rule?: string } }>, number, string][] = [
        ['a text file sent as a JPEG', async () => put(visitId, randomUUID(), textFile()), 415, 'photo_not_an_image'],
        [
          'a GIF, an image but not one of ours',
          async () =>
            put(
              visitId,
              randomUUID(),
              await sharp({ create: { width: 10, height: 10, channels: 3, background: '#f00' } })
                .gif()
                .toBuffer(),
            ),
          415,
          'photo_not_an_image',
        ],
        ['a truncated JPEG', async () => put(visitId, randomUUID(), await truncatedJpeg()), 422, 'photo_unreadable'],
        [
          'a PNG over the pixel limit',
          async () => put(visitId, randomUUID(), await pixelBombPng(), { type: 'image/png' }),
          422,
          'photo_too_many_pixels',
        ],
        [
          'a body over 10 MB',
          async () => put(visitId, randomUUID(), Buffer.concat([jpeg, Buffer.alloc(PHOTO_MAX_BYTES)])),
          413,
          'body_too_large',
        ],
        [
          'a Content-Type that is no image',
          async () => put(visitId, randomUUID(), jpeg, { type: 'text/plain' }),
          415,
          'unsupported_media_type',
        ],
        [
          'JSON instead of an image',
          async () =>
            ctx.app.inject({
              method: 'PUT',
              url: `/api/prospections/${visitId}/photos/${randomUUID()}`,
              headers: writeHeaders(rep),
              payload: { photo: 'x' },
            }),
          415,
          'unsupported_media_type',
        ],
        ['a photo for a colleague’s visit', async () => put(colleagueVisitId, randomUUID(), jpeg), 403, 'not_own_prospection'],
        ['a photo for a visit that does not exist', async () => put(999999, randomUUID(), jpeg), 404, 'prospection_not_found'],
        ['an unknown FC70 brand', async () => put(visitId, randomUUID(), jpeg, { query: 'brandId=999999' }), 404, 'brand_not_found'],
        [
          'an unknown competitor brand',
          async () => put(visitId, randomUUID(), jpeg, { query: 'competitorBrandId=999999' }),
          404,
          'competitor_brand_not_found',
        ],
        [
          'both a brand and a competitor',
          async () => put(visitId, randomUUID(), jpeg, { query: 'brandId=1&competitorBrandId=1' }),
          400,
          'validation_failed',
        ],
        [
          'a caption over 200 characters',
          async () => put(visitId, randomUUID(), jpeg, { query: `caption=${'a'.repeat(201)}` }),
          400,
          'validation_failed',
        ],
        ['a photo id that is no UUID', async () => put(visitId, 'foto-1', jpeg), 400, 'validation_failed'],
      ];
      for (let i = 0; i < 10; i++) expect((await put(full, randomUUID(), jpeg)).statusCode).toBe(201);
      cases.push(['an eleventh photo', async () => put(full, randomUUID(), jpeg), 409, 'photo_limit_reached']);
      const before = await snapshot();
      for (const [name, send, status, code] of cases) {
        const res = await send();
        expect(res.statusCode, name).toBe(status);
        expect(res.json().code, name).toBe(code);
        if (name === 'both a brand and a competitor') expect(res.json().rule).toBe('photo_one_brand_tag');
      }
      expect(await snapshot()).toEqual(before);
      const listed = (await ctx.app.inject({ url: `/api/prospections/${full}/photos`, headers: { cookie: rep } })).json() as Photo[];
      expect(listed).toHaveLength(10);
    }, 120_000);

    it('refuses a photo id that is another visit’s, and stores nothing', async () => {
      const id = randomUUID();
      expect((await put(visitId, id, jpeg)).statusCode).toBe(201);
      const other = await newVisit(rep);
      const before = await snapshot();
      const res = await put(other, id, jpeg);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('photo_id_taken');
      expect(await snapshot()).toEqual(before);
    });

    it('lets only the visit’s rep delete a photo; deleting again answers 204 too, and the picture is gone', async () => {
      const id = randomUUID();
      expect((await put(visitId, id, jpeg)).statusCode).toBe(201);
      const del = (cookie: string) =>
        ctx.app.inject({ method: 'DELETE', url: `/api/prospections/${visitId}/photos/${id}`, headers: writeHeaders(cookie) });
      const before = await snapshot();
      const refused = await del(colleague);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('not_own_prospection');
      expect(await snapshot()).toEqual(before);
      expect((await del(rep)).statusCode).toBe(204);
      const after = await snapshot();
      expect(after.rows.photos).toBe(before.rows.photos - 1);
      expect(after.files).toBe(before.files - 2);
      expect((await del(rep)).statusCode).toBe(204);
      const gone = await ctx.app.inject({ url: `/api/photos/${id}`, headers: { cookie: rep } });
      expect(gone.statusCode).toBe(404);
      expect(gone.json().code).toBe('photo_not_found');
    });

    it('shows a shop’s photos across its visits, newest visit first, a page at a time', async () => {
      const older = await newVisit(rep, '2026-03-10');
      const newer = await newVisit(colleague, '2026-09-15');
      const shopPhotos = async (query: string) => {
        const res = await ctx.app.inject({ url: `/api/shops/${shopId}/photos${query}`, headers: { cookie: rep } });
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as ShopPhotoPage;
      };
      const start = await shopPhotos('?limit=200');
      const olderIds = [randomUUID(), randomUUID()];
      const newerIds = [randomUUID(), randomUUID(), randomUUID()];
      for (const id of olderIds) expect((await put(older, id, jpeg)).statusCode).toBe(201);
      for (const id of newerIds) expect((await put(newer, id, jpeg, { cookie: colleague })).statusCode).toBe(201);
      const all = await shopPhotos('?limit=200');
      expect(all.nextCursor).toBeNull();
      expect(all.photos).toHaveLength(start.photos.length + 5);
      // The photos of the September visit come before March's; the visits of November (the other tests) before both.
      const ours = all.photos.filter((p) => [older, newer].includes(p.visitId));
      expect(ours.map((p) => p.id)).toEqual([...newerIds, ...olderIds]);
      expect(ours[0]).toMatchObject({ visitId: newer, visitDate: '2026-09-15', employeeName: expect.any(String), width: 1600 });
      expect(ours[0].employeeName).not.toBe(ours[4].employeeName);
      const dates = all.photos.map((p) => p.visitDate);
      expect(dates).toEqual([...dates].sort().reverse());
      // Page by page, with the cursor: the same photos in the same order, none twice.
      const paged: string[] = [];
      let cursor: string | null = null;
      do {
        const page: ShopPhotoPage = await shopPhotos(`?limit=2${cursor ? `&before=${cursor}` : ''}`);
        expect(page.photos.length).toBeLessThanOrEqual(2);
        paged.push(...page.photos.map((p) => p.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(paged).toEqual(all.photos.map((p) => p.id));
      const unknown = await ctx.app.inject({ url: '/api/shops/999999/photos', headers: { cookie: rep } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('shop_not_found');
      for (const query of ['limit=201', 'limit=0', 'before=2026-02-30_1_1', 'before=2026-01-01_99999999999_1', 'before=x']) {
        const refused = await ctx.app.inject({ url: `/api/shops/${shopId}/photos?${query}`, headers: { cookie: rep } });
        expect(refused.statusCode, query).toBe(400);
        expect(refused.json().code, query).toBe('validation_failed');
      }
    });
  },
);

describe('the directory photo storage', () => {
  it('writes through a temporary file and a rename, reads back, and deletes (twice is fine)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'prospectie-photo-dir-'));
    try {
      const storage = directoryPhotoStorage(dir);
      await storage.put('ab/abc-1.webp', Buffer.from('eerste'));
      await storage.put('ab/abc-1.webp', Buffer.from('tweede'));
      expect((await storage.get('ab/abc-1.webp'))?.toString()).toBe('tweede');
      expect(await readdir(path.join(dir, 'ab'))).toEqual(['abc-1.webp']);
      expect(await storage.get('ab/none.webp')).toBeNull();
      await storage.delete('ab/abc-1.webp');
      await storage.delete('ab/abc-1.webp');
      expect(await storage.get('ab/abc-1.webp')).toBeNull();
      await expect(storage.put('../buiten.webp', Buffer.from('x'))).rejects.toThrow(/unexpected form/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
