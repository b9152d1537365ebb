// `npm test` on a newcomer's machine: before the end-to-end tests it finds the Chromium they drive, installs Debian's
// package when it may (root, apt-get), and otherwise says plainly what to install instead of failing every test.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../e2e/ensureBrowser.mjs');
const run = (chromium: string) =>
  spawnSync(process.execPath, [script], { env: { PATH: process.env.PATH, CHROMIUM_PATH: chromium }, encoding: 'utf8' });

describe('the browser check before the end-to-end tests', () => {
  it('goes on when the Chromium it is pointed at is there', () => {
    expect(run(process.execPath).status).toBe(0);
  });

  it('says what to install when it is missing and cannot install it (a CHROMIUM_PATH of its own)', () => {
    const missing = run('/nonexistent/chromium');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('The end-to-end tests need Chromium at /nonexistent/chromium');
    expect(missing.stderr).toContain('sudo apt-get install -y chromium');
  });
});
