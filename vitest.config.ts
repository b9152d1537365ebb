import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: './contract', environment: 'node' } },
      {
        test: {
          name: 'server',
          root: './server',
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // PGlite is memory-hungry; two cores share the suites.
          maxWorkers: 2,
        },
      },
      './web/vite.config.ts',
    ],
  },
});
