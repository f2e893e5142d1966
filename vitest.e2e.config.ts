import { defineConfig } from 'vitest/config';

/**
 * Browser tests: each file starts its own server (a free port, a fresh data directory) and Chromium, so
 * two files run side by side (the machines have two cores); the tests inside a file run in order.
 */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
  },
});
