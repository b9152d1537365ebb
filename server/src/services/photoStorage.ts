// Where the bytes of the photos live (decision 035): one interface, a driver per PHOTO_STORAGE
// (docs/decisions/035-photo-storage.md). Keys are made by the photo service; a driver only keeps bytes under them.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { photoFiles } from '../db/schema.js';

export interface PhotoStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes under key, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the bytes under key; a key without bytes is fine (a retried delete). */
  delete(key: string): Promise<void>;
}

/** PHOTO_STORAGE=database: a bytea row per key, so the database's backup holds the photos too. */
export function databasePhotoStorage(db: Db): PhotoStorage {
  return {
    async put(key, bytes) {
      await db.insert(photoFiles).values({ key, bytes }).onConflictDoUpdate({ target: photoFiles.key, set: { bytes } });
    },
    async get(key) {
      const [row] = await db.select({ bytes: photoFiles.bytes }).from(photoFiles).where(eq(photoFiles.key, key));
      return row?.bytes ?? null;
    },
    async delete(key) {
      await db.delete(photoFiles).where(eq(photoFiles.key, key));
    },
  };
}

/** Keys are the service's own (letters, digits, dashes, one slash); anything else never reaches the file system. */
const SAFE_KEY = /^[a-z0-9-]+\/[a-z0-9.-]+$/;

/**
 * PHOTO_STORAGE=directory: a file per key under PHOTO_DIR, a volume every instance mounts. A file is written to a
 * temporary name beside it and renamed, so a reader never sees half a picture and a crash leaves no torn file.
 */
export function directoryPhotoStorage(dir: string): PhotoStorage {
  const fileOf = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`photo storage key of an unexpected form: ${key}`);
    return path.join(dir, ...key.split('/'));
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomUUID()}.tmp`;
      try {
        await writeFile(temporary, bytes, { flag: 'wx' });
        await rename(temporary, file);
      } catch (err) {
        await rm(temporary, { force: true });
        throw err;
      }
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

export function photoStorageFor(config: Pick<Config, 'photoStorage'>, db: Db): PhotoStorage {
  return config.photoStorage.kind === 'directory' ? directoryPhotoStorage(config.photoStorage.dir) : databasePhotoStorage(db);
}
