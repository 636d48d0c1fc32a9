import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './tests/support/slow-first-sequencer';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  resolve: { alias: { '@': root } },
  test: {
    env: { NEXT_TELEMETRY_DISABLED: '1' },
    // Fails a test that logs an undeclared console.error; resets msw handlers after each test.
    setupFiles: ['tests/support/setup.ts'],
    sequence: { sequencer: SlowFirstSequencer },
    // tests/security/<kind>/ holds the attack tests, each run by the project of its kind.
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/security/unit/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'contract',
          include: ['tests/contract/**/*.test.ts', 'tests/security/contract/**/*.test.ts'],
          globalSetup: ['tests/support/require-redis.ts', 'tests/support/require-postgres.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts', 'tests/security/api/**/*.test.ts'],
          globalSetup: [
            'tests/support/require-redis.ts',
            'tests/support/require-postgres.ts',
            'tests/support/require-build.ts',
            'tests/support/pglite-template.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Each file starts its own built server; two at a time fit this 2-core machine.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
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
