// `npm run test:faults`: the fault suites that need over a minute (kill -9 cycles on a real server process)
// and the fuzzing on PostgreSQL; `npm test` runs the rest. .ci/run runs both.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'faults',
    root: './server',
    environment: 'node',
    include: ['src/**/*.fault.ts', 'src/security/fuzz.test.ts'],
    env: { PROSPECTIE_FAULTS: '1' },
    testTimeout: 15 * 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
  },
});
