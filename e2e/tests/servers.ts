// The servers the end-to-end tests run against: one per Playwright worker, each with a database of its own, so the
// test files can run side by side without seeing each other's changes. `test` here is Playwright's, with the worker's
// server as its base URL; every spec imports `test` and `expect` from this file.
import { test as base } from '@playwright/test';

export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
/** Two by default: the suite waits on the browser and the network as much as on the CPU, so two share two cores well. */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

export const test = base.extend({
  // parallelIndex is the worker's slot (0 … workers − 1), kept when a worker is replaced after a failure.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use, testInfo) => use(`http://127.0.0.1:${E2E_BASE_PORT + testInfo.parallelIndex}`),
});
export { expect } from '@playwright/test';
