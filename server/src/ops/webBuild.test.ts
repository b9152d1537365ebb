import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildWebIfChanged, UP_TO_DATE_MESSAGE, webSourcesHash } from './webBuild.js';

describe('npm start builds the web app only when its sources changed', () => {
  let root: string;
  let builds: number;
  let logs: string[];
  const put = (file: string, content: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  };
  const start = () =>
    buildWebIfChanged({
      root,
      distDir: path.join(root, 'web/dist'),
      log: (message) => logs.push(message),
      // Stands in for vite build: it empties the folder and writes the app.
      build: async () => {
        builds++;
        rmSync(path.join(root, 'web/dist'), { recursive: true, force: true });
        put('web/dist/index.html', '<!doctype html>');
      },
    });

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'prospectie-webbuild-'));
    builds = 0;
    logs = [];
    put('web/src/main.tsx', 'render()');
    put('web/index.html', '<div id="root"></div>');
    put('contract/src/index.ts', 'export {}');
    put('package-lock.json', '{}');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds on the first start, and a second start with no change does not rebuild (its log says so)', async () => {
    expect(await start()).toBe('built');
    expect(await start()).toBe('up to date');
    expect(builds).toBe(1);
    expect(logs.at(-1)).toBe(UP_TO_DATE_MESSAGE);
    expect(UP_TO_DATE_MESSAGE).toBe('web app is up to date, not rebuilding');
  });

  it('builds again after a change to the web sources, the contract or the locked packages', async () => {
    await start();
    for (const [file, content] of [
      ['web/src/main.tsx', 'render(<App />)'],
      ['web/src/features/new.tsx', 'export {}'],
      ['contract/src/index.ts', 'export const x = 1'],
      ['package-lock.json', '{"v":2}'],
    ]) {
      put(file, content);
      expect(await start(), file).toBe('built');
      expect(await start(), file).toBe('up to date');
    }
    expect(builds).toBe(5);
  });

  it('does not build again for a changed test file, but does when the build was removed or failed', async () => {
    await start();
    put('web/src/main.test.tsx', 'it()');
    expect(await start()).toBe('up to date');
    rmSync(path.join(root, 'web/dist'), { recursive: true });
    expect(await start()).toBe('built');
    put('web/src/main.tsx', 'broken(');
    const failing = buildWebIfChanged({
      root,
      distDir: path.join(root, 'web/dist'),
      log: () => {},
      build: async () => Promise.reject(new Error('kapot')),
    });
    await expect(failing).rejects.toThrow('kapot');
    expect(await start()).toBe('built');
  });

  it('hashes names as well as contents, so a renamed file counts as a change', () => {
    const before = webSourcesHash(root);
    rmSync(path.join(root, 'web/src/main.tsx'));
    put('web/src/entry.tsx', 'render()');
    expect(webSourcesHash(root)).not.toBe(before);
  });
});
