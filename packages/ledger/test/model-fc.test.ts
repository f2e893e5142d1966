/**
 * fast-check drives the same harness from a generated tape of choices, so a failure shrinks to a
 * short sequence. Short runs, with the database invariant check after every step.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type FreshDbs, freshDbs, runSequence, tape } from './harness.ts';

describe('ledger vs model, fast-check (PGlite)', () => {
  let dbs: FreshDbs;
  beforeAll(async () => {
    dbs = await freshDbs('pglite');
  });
  afterAll(async () => {
    await dbs?.close();
  });

  it('agrees with the model on shrinkable sequences', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { maxLength: 1500 }), async (choices) => {
        const { db, done } = await dbs.fresh();
        try {
          await runSequence(db, tape(choices), { ops: 50, checkEvery: 1, label: 'fast-check tape' });
        } finally {
          await done();
        }
      }),
      { numRuns: Number(process.env.LEDGER_FC_RUNS ?? 12), seed: envSeed() },
    );
  });
});

function envSeed(): number | undefined {
  const v = process.env.LEDGER_FC_SEED;
  return v ? Number(v) : undefined;
}
