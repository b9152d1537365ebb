import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // How many test files run at once, for every project: Vitest reads this from the root config only (a project's
    // own maxWorkers is ignored), and without it takes the cores less one, which is one file at a time on two cores.
    // The server's files wait on databases and child processes as much as they compute, so two run side by side.
    maxWorkers: 2,
    projects: [
      // Generous timeouts everywhere: they guard against a hang, not against a slow or busy machine.
      { test: { name: 'contract', root: './contract', environment: 'node', testTimeout: 60_000 } },
      {
        test: {
          name: 'server',
          root: './server',
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      './web/vite.config.ts',
    ],
  },
});
