/**
 * Shorter seeded runs with the database's own `checkInvariants` after every single step, on every
 * database kind available; and, when the long run goes to PostgreSQL, a 6 × 1000 run on PGlite.
 */
import { TEST_DB_KINDS } from '@kabuto/db/testing';
import { defineSeededRun, env, seedsFor } from './long-run.ts';

for (const kind of TEST_DB_KINDS) {
  defineSeededRun({
    title: `ledger vs model on ${kind}, invariants after every step`,
    kind,
    seeds: seedsFor(env('LEDGER_STRICT_SEEDS', kind === 'postgres' ? 4 : 3), 5001),
    ops: env('LEDGER_STRICT_OPS', env('LEDGER_OPS', 250)),
    checkEvery: 1,
    concurrency: 4,
    file: 'packages/ledger/test/model-strict',
  });
}

if (process.env.DATABASE_URL) {
  defineSeededRun({
    title: 'ledger vs model on pglite (the long run is on PostgreSQL)',
    kind: 'pglite',
    seeds: seedsFor(env('LEDGER_PGLITE_SEEDS', 6), 9001),
    ops: env('LEDGER_OPS', 1000),
    checkEvery: env('LEDGER_CHECK_EVERY', 100),
    concurrency: 1,
    file: 'packages/ledger/test/model-strict',
  });
}
