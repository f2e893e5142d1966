import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that start first: day trading spends most of its time waiting for the server's clock (about two
 * minutes for its forced close), so the other files run while it waits; the sweep of every screen is
 * the longest file (several minutes), and started late it alone was the end of the run.
 */
const FIRST = ['e2e/day-trading.e2e.test.ts', 'e2e/every-screen.e2e.test.ts'];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (f: TestSpecification) => FIRST.some((p) => f.moduleId.endsWith(p));
    return [...sorted.filter(first), ...sorted.filter((f) => !first(f))];
  }
}

/**
 * Browser tests: each file starts its own server (a free port, a fresh data directory) and Chromium, and
 * three files run side by side; the tests inside a file run in order. A file spends most of its time
 * waiting (for a page to settle, a poll, the server's clock): the whole run used a third of two cores'
 * time with two files at once, and three keep both cores busier (the machines have two).
 */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    // one migrated embedded database for the run, copied by each server's start (support/global-setup.ts)
    globalSetup: ['e2e/support/global-setup.ts'],
    environment: 'node',
    testTimeout: 120_000,
    // a poll waits as long as a step may on a loaded machine (Vitest's default gives up after 1 s)
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 3,
    fileParallelism: true,
    sequence: { sequencer: LongestFirst },
  },
});
