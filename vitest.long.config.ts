import { defineConfig } from 'vitest/config';
import base, { LEDGER_LONG_RUN } from './vitest.config.ts';

/** `npm run test:ledger-long`: the ledger's long model run (LEDGER_SEEDS × LEDGER_OPS), split over two files. */
export default defineConfig({
  define: base.define,
  test: { ...base.test, projects: undefined, include: LEDGER_LONG_RUN, exclude: [] },
});
