// The servers the end-to-end tests run against: one per Playwright worker, each with a database of its own, so the
// test files can run side by side without seeing each other's changes. `test` here is Playwright's, with the worker's
// server as its base URL, the worker's mailbox and its map tiles; every spec imports `test` and `expect` from this file.
import { test as base } from '@playwright/test';
import { TestSmtpServer } from '../../server/src/test/smtpServer';
import { TestTileServer } from './tileServer';

export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
/** Two by default: the suite waits on the browser and the network as much as on the CPU, so two share two cores well. */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
/**
 * Each worker's server sends its mail to this port plus the worker's slot (playwright.config.ts). Nobody listens there
 * until a test asks for the `mailbox`: before that a mail waits and is tried again (decision 069), which changes
 * nothing a test sees.
 */
export const E2E_SMTP_BASE_PORT = Number(process.env.E2E_SMTP_PORT ?? E2E_BASE_PORT + 25);
/**
 * Each worker's server names its map tiles at this port plus the worker's slot (MAP_TILE_URL, playwright.config.ts), the
 * one host the content security policy lets images come from. Nobody listens there until a test asks for the `tiles`:
 * before that the map draws its shops on a blank ground.
 */
export const E2E_TILE_BASE_PORT = Number(process.env.E2E_TILE_PORT ?? E2E_BASE_PORT + 50);

export const test = base.extend<object, { mailbox: TestSmtpServer; tiles: TestTileServer }>({
  // parallelIndex is the worker's slot (0 … workers − 1), kept when a worker is replaced after a failure.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use, testInfo) => use(`http://127.0.0.1:${E2E_BASE_PORT + testInfo.parallelIndex}`),
  /** A real SMTP server on the worker's mail port: what its server sent, read as a mail client would. */
  mailbox: [
    // eslint-disable-next-line no-empty-pattern -- as above
    async ({}, use, workerInfo) => {
      const mailbox = await new TestSmtpServer().start(E2E_SMTP_BASE_PORT + workerInfo.parallelIndex);
      await use(mailbox);
      await mailbox.stop();
    },
    { scope: 'worker' },
  ],
  /** A tile server of the tests' own on the worker's tile port: the map's tiles, and which were asked. */
  tiles: [
    // eslint-disable-next-line no-empty-pattern -- as above
    async ({}, use, workerInfo) => {
      const tiles = await new TestTileServer().start(E2E_TILE_BASE_PORT + workerInfo.parallelIndex);
      await use(tiles);
      await tiles.stop();
    },
    { scope: 'worker' },
  ],
});
export { expect } from '@playwright/test';
