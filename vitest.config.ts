import { configDefaults, defineConfig } from 'vitest/config';

/** The ledger's long model run has its own command (`npm run test:ledger-long`, vitest.long.config.ts). */
export const LEDGER_LONG_RUN = ['packages/ledger/test/model-long-*.test.ts'];

export default defineConfig({
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
  },
});
