import { defineConfig } from 'vitest/config';
import base, { LEDGER_LONG_RUN } from './vitest.config.ts';

/** `npm run test:ledger-long`: the ledger's long model run (LEDGER_SEEDS × LEDGER_OPS), split over two files. */
export default defineConfig({ test: { ...base.test, include: LEDGER_LONG_RUN, exclude: [] } });
