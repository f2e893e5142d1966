import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/** The ledger's long model run has its own command (`npm run test:ledger-long`, vitest.long.config.ts). */
export const LEDGER_LONG_RUN = ['packages/ledger/test/model-long-*.test.ts'];

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify('test') },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'apps/*/src/**/*.test.{ts,tsx}',
      'apps/*/test/**/*.test.ts',
      'scripts/*.test.ts',
    ],
    exclude: [...configDefaults.exclude, ...LEDGER_LONG_RUN],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores, which is one on the two-core machines. A file
    // often waits on its database (PostgreSQL is another process), and a second worker uses that time:
    // about 240 s became about 170 s there (each file has a database of its own, so they do not meet).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
