import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

import { E2E_BASE_PORT, E2E_SMTP_BASE_PORT, E2E_TILE_BASE_PORT, E2E_WORKERS } from './tests/servers';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export default defineConfig({
  testDir: './tests',
  outputDir: `test-results/${E2E_BASE_PORT}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // A file's tests run in order in one worker; each worker has a server and database of its own (tests/servers.ts),
  // so what one file changes (a deactivated rep, an imported shop) never reaches another file running beside it.
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    locale: 'nl-BE',
    timezoneId: 'Europe/Brussels',
    // No service worker, so a test does not first download and precache the whole build; offline.spec.ts, which tests
    // the service worker, allows it.
    serviceWorkers: 'block',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } }],
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => {
    const port = E2E_BASE_PORT + index;
    return {
      command: 'npm run start -w server',
      cwd: '..',
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: {
        ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'prospectie-e2e-')),
        SEED: 'demo',
        // The first administrator (decision 029): her account is made at her first sign-in, without an employee.
        ADMIN_LOGINS: 'eerste.beheerder@fc70.example',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        // Mail goes to the worker's own SMTP server (the `mailbox` fixture, tests/servers.ts); a mail sent while it is
        // not listening is tried again a second later, then less often.
        SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_BASE_PORT + index}`,
        JOB_RETRY_SECONDS: '1',
        // The map's tiles come from the worker's own tile server (the `tiles` fixture, tests/servers.ts).
        MAP_TILE_URL: `http://127.0.0.1:${E2E_TILE_BASE_PORT + index}/{z}/{x}/{y}.png`,
        LOG_LEVEL: 'warn',
      },
    };
  }),
});
