import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { LoadLastSequencer } from './tests/support/load-last-sequencer.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  resolve: { alias: { '@': root } },
  test: {
    env: { NEXT_TELEMETRY_DISABLED: '1' },
    // Fails a test that logs an undeclared console.error; resets msw handlers after each test.
    setupFiles: ['tests/support/setup.ts'],
    sequence: { sequencer: LoadLastSequencer },
    // tests/security/<kind>/ holds the attack tests, each run by the project of its kind.
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Several projects in one run (mutation testing runs unit and contract): in this order.
          sequence: { groupOrder: 0 },
          include: ['tests/unit/**/*.test.ts', 'tests/security/unit/**/*.test.ts'],
          // One migrated PGlite for the run: each suite's in-memory database loads it.
          globalSetup: ['tests/support/pglite-template.ts'],
          // vitest's default is one worker fewer than the cores: a single one on this 2-core
          // machine, with the other core idle.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'contract',
          sequence: { groupOrder: 1 },
          include: ['tests/contract/**/*.test.ts', 'tests/security/contract/**/*.test.ts'],
          globalSetup: [
            'tests/support/require-redis.ts',
            'tests/support/require-postgres.ts',
            'tests/support/pglite-template.ts',
            'tests/support/postgres-template.ts',
          ],
          testTimeout: 20_000,
          // Mostly waiting on PostgreSQL and Redis (each file has databases and key prefixes of
          // its own): three at a time keep both cores busy where vitest's default ran one.
          maxWorkers: 3,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          sequence: { groupOrder: 2 },
          include: ['tests/api/**/*.test.ts', 'tests/security/api/**/*.test.ts'],
          globalSetup: [
            'tests/support/require-redis.ts',
            'tests/support/require-postgres.ts',
            'tests/support/require-build.ts',
            'tests/support/pglite-template.ts',
            'tests/support/postgres-template.ts',
          ],
          // Servers run on PostgreSQL (a migrated copy each, tests/support/postgres-template.ts);
          // the files about the embedded database ask for it, and the browser suite runs on it.
          env: { TEST_SERVER_DATABASE: process.env.TEST_SERVER_DATABASE ?? 'postgres' },
          testTimeout: 60_000,
          // Servers start in beforeAll, beside the browser suite's (npm test runs both at once).
          hookTimeout: 120_000,
          // Each file starts its own built server; two at a time fit this 2-core machine.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          sequence: { groupOrder: 3 },
          include: ['tests/e2e/**/*.test.ts', 'tests/security/e2e/**/*.test.ts'],
          globalSetup: [
            'tests/support/require-build.ts',
            'tests/support/require-chromium.ts',
            'tests/support/pglite-template.ts',
          ],
          testTimeout: 90_000,
          hookTimeout: 60_000,
          // One server and one Chromium at a time on this 2-core machine.
          fileParallelism: false,
        },
      },
    ],
  },
});
