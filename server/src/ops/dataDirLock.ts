// One server per DATA_DIR: PGlite has no lock of its own, and two processes on one directory corrupt it.
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { texts } from '../texts.js';

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(texts.dataDir.inUse(dataDir, ownerPid));
    this.name = 'DataDirInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `<dataDir>/prospectie.lock` (O_EXCL, holding our pid) or throws DataDirInUseError.
 * A lock left by a process that no longer runs (a crash, a kill -9) is taken over; so is one holding
 * our own pid (a container restarted as pid 1). Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'prospectie.lock');
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (Number.parseInt(readFileSync(file, 'utf8'), 10) === process.pid) unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let owner = Number.NaN;
    try {
      owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
    } catch {
      continue; // removed meanwhile: try again
    }
    // An empty file is a lock being written this very moment: give its writer a moment.
    if (Number.isNaN(owner) && attempt < 2) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
      continue;
    }
    if (owner > 0 && owner !== process.pid && isAlive(owner)) throw new DataDirInUseError(dataDir, owner);
    try {
      // Stale: its owner is gone. Re-read first, so a lock another starter just took stays.
      const again = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (again === owner || Number.isNaN(owner)) unlinkSync(file);
    } catch {
      // someone else removed it first; the next openSync decides
    }
  }
  throw new Error(texts.dataDir.lockFailed(file));
}
