// `npm start` builds the web app only when what the build reads changed since the last build: the
// hash of those files is kept beside the build, in web/dist, and compared on the next start.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What `vite build` reads, relative to the repository root: the web app, the contract it imports, the locked packages. */
export const WEB_BUILD_INPUTS = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/package.json',
  'web/tsconfig.json',
  'contract/src',
  'contract/package.json',
  'tsconfig.base.json',
  'package-lock.json',
];
/** The file in the build's folder that holds the hash of the sources it was built from. */
export const WEB_BUILD_STAMP = '.sources-hash';
export const UP_TO_DATE_MESSAGE = 'web app is up to date, not rebuilding';

// Tests and dotfiles never reach the bundle: changing one does not call for a build.
const ignored = (name: string) => name.startsWith('.') || /\.test\.tsx?$/.test(name);

/** One hash over the names and contents of every build input, in a fixed order. */
export function webSourcesHash(root: string, inputs: readonly string[] = WEB_BUILD_INPUTS): string {
  const hash = createHash('sha256');
  const add = (relative: string) => {
    const absolute = path.join(root, relative);
    if (!existsSync(absolute)) return;
    if (statSync(absolute).isDirectory()) {
      for (const name of readdirSync(absolute).sort()) if (!ignored(name)) add(path.posix.join(relative, name));
      return;
    }
    hash.update(relative).update('\0').update(readFileSync(absolute)).update('\0');
  };
  for (const input of inputs) add(input);
  return hash.digest('hex');
}

export interface WebBuildOptions {
  root: string;
  /** Where the build goes (web/dist). */
  distDir: string;
  /** Runs the build; rejects when it fails (no stamp is written then). */
  build: () => Promise<void>;
  log: (message: string) => void;
  inputs?: readonly string[];
}

/** Builds when there is no build yet or its sources changed; otherwise says so and leaves the build alone. */
export async function buildWebIfChanged({ root, distDir, build, log, inputs }: WebBuildOptions): Promise<'built' | 'up to date'> {
  const hash = webSourcesHash(root, inputs);
  const stampFile = path.join(distDir, WEB_BUILD_STAMP);
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  if (hasBuild && existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === hash) {
    log(UP_TO_DATE_MESSAGE);
    return 'up to date';
  }
  log(hasBuild ? 'web sources changed: building the web app' : 'no web build yet: building the web app (about a minute)');
  await build();
  // The hash of before the build: a file changed while it ran makes the next start build again.
  writeFileSync(stampFile, `${hash}\n`);
  return 'built';
}
