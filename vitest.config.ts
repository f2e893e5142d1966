import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/** The ledger's long model run has its own command (`npm run test:ledger-long`, vitest.long.config.ts). */
export const LEDGER_LONG_RUN = ['packages/ledger/test/model-long-*.test.ts'];

const ALL = [
  'packages/*/src/**/*.test.ts',
  'packages/*/test/**/*.test.ts',
  'apps/*/src/**/*.test.{ts,tsx}',
  'apps/*/test/**/*.test.ts',
  'scripts/*.test.ts',
];

/**
 * Files that replace a module (`vi.mock`) or a global (`vi.stubGlobal`) for themselves: each runs in a
 * module graph of its own. Every other file shares its worker's module graph with the files before it
 * (the server, the ledger, React and the component library are evaluated once a worker, not once a
 * file: importing them was half of the suite's time). Each file builds its own app, database and DOM,
 * and leaves no global behind.
 */
export const ISOLATED = [
  'apps/server/test/hardening.test.ts',
  'packages/client/test/client.test.ts',
  'apps/web/src/app/opening-reads.test.ts',
  'apps/web/src/features/position/pages/position-page.test.tsx',
  'apps/web/src/lib/api.test.ts',
  'apps/web/src/lib/idempotency.test.ts',
  'apps/admin/src/features/copy-trade/pages/copy-trade-page.test.tsx',
  'apps/admin/src/features/margin-borrow/pages/margin-borrow-page.test.tsx',
  'apps/admin/src/features/new-shares/pages/new-shares-page.test.tsx',
  'apps/admin/src/features/stock-lending/api/use-stock-lending.test.tsx',
];

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify('test') },
  test: {
    exclude: [...configDefaults.exclude, ...LEDGER_LONG_RUN],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores, which is one on the two-core machines. A file
    // often waits on its database (PostgreSQL is another process), and a second worker uses that time:
    // about 240 s became about 170 s there (each file has a database of its own, so they do not meet).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { extends: true, test: { name: 'shared', include: ALL, exclude: [...ISOLATED], isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
