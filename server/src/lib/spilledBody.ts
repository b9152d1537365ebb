// A request body written to a temporary file as soon as it is read, and read back when its turn comes
// (docs/decisions/075-one-malloc-arena.md): a photo upload waiting for the image decoder holds no memory meanwhile.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** One directory per process, made on the first body (mkdtemp: readable by this user only), removed as it exits. */
let directory: Promise<string> | undefined;
function spillDirectory(): Promise<string> {
  directory ??= mkdtemp(path.join(tmpdir(), 'prospectie-uploads-')).then((dir) => {
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    return dir;
  });
  return directory;
}

export class SpilledBody {
  private constructor(private readonly file: string) {}

  static async of(bytes: Buffer): Promise<SpilledBody> {
    const file = path.join(await spillDirectory(), randomUUID());
    await writeFile(file, bytes, { flag: 'wx', mode: 0o600 });
    return new SpilledBody(file);
  }

  /** The body's bytes. */
  read = (): Promise<Buffer> => readFile(this.file);

  /** Removes the file; again is fine. */
  remove = (): Promise<void> => rm(this.file, { force: true });
}
