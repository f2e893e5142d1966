/**
 * Shared set-up of the seeded model-based runs (see harness.ts for what a run checks).
 *
 * - The long run: LEDGER_SEEDS (100) × LEDGER_OPS (1000), split over model-long-{1,2}.test.ts so two
 *   processes share the work. Its own command, `npm run test:ledger-long` (vitest.long.config.ts; `npm
 *   test` runs it after the unit tests); the default unit run leaves it out. It runs on PostgreSQL when DATABASE_URL is set (a few seeds at a time,
 *   so Node and the server overlap; measured cheaper than PGlite), else on in-memory PGlite.
 *   `checkInvariants` every LEDGER_CHECK_EVERY (100) steps and after the last.
 * - The strict run (model-strict.test.ts): shorter sequences with `checkInvariants` after every step,
 *   on every database kind available; with DATABASE_URL, also a 6 × 1000 run on PGlite.
 *
 * A failure prints the environment that replays it, e.g.
 * `LEDGER_SEED=17 LEDGER_OPS=1000 npx vitest run --config vitest.long.config.ts packages/ledger/test/model-long`.
 */
import type { DbKind } from '@kabuto/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshDbs, freshDbs, type RunStats, runSequence, seeded } from './harness.ts';

export const env = (name: string, fallback: number): number => {
  const v = process.env[name];
  return v === undefined || v === '' ? fallback : Number(v);
};

export interface SeededRun {
  title: string;
  kind: DbKind;
  seeds: number[];
  ops: number;
  checkEvery: number;
  /** Seeds in flight at once (PostgreSQL only; PGlite runs one query at a time anyway). */
  concurrency: number;
  /** vitest arguments (config and file filter) printed in the replay hint */
  file: string;
  /** Assert that the runs provoked every kind of refusal (meaningful for many seeds). */
  expectAllRefusals?: boolean;
}

const ALL_REFUSALS = [
  'invalid_amount',
  'invalid_code',
  'same_account',
  'account_not_found',
  'currency_mismatch',
  'account_closed',
  'overflow',
  'exceeds_credits',
  'exceeds_debits',
  'pending_not_found',
  'pending_already_resolved',
  'amount_exceeds_pending',
] as const;

/** When LEDGER_SEED is set, every seeded run replays just that seed. */
export function seedsFor(count: number, first = 1): number[] {
  const only = process.env.LEDGER_SEED;
  return only ? [Number(only)] : Array.from({ length: count }, (_, i) => first + i);
}

export function defineSeededRun(run: SeededRun): void {
  describe.skipIf(run.seeds.length === 0)(run.title, () => {
    let dbs: FreshDbs;
    const totals: RunStats = { steps: 0, transfers: 0, batches: 0, refused: {} };
    const limit = limiter(run.kind === 'postgres' ? run.concurrency : 1);
    beforeAll(async () => {
      dbs = await freshDbs(run.kind);
    });
    afterAll(async () => {
      await dbs?.close();
    });

    it.concurrent.each(run.seeds)('seed %i', { timeout: 900_000 }, (seed) =>
      limit(async () => {
        const { db, done } = await dbs.fresh();
        try {
          const stats = await runSequence(db, seeded(seed), {
            ops: run.ops,
            checkEvery: run.checkEvery,
            label: `${run.kind} seed ${seed} — replay: ${run.kind === 'postgres' ? 'DATABASE_URL=… ' : ''}LEDGER_SEED=${seed} LEDGER_OPS=${run.ops} LEDGER_CHECK_EVERY=${run.checkEvery} npx vitest run ${run.file}`,
          });
          totals.steps += stats.steps;
          totals.transfers += stats.transfers;
          totals.batches += stats.batches;
          for (const [code, n] of Object.entries(stats.refused) as [keyof RunStats['refused'], number][]) {
            totals.refused[code] = (totals.refused[code] ?? 0) + n;
          }
        } finally {
          await done();
        }
      }),
    );

    it.skipIf(!run.expectAllRefusals || run.seeds.length < 20)('provoked every kind of refusal', () => {
      console.log(
        `${run.title}: ${totals.steps} steps, ${totals.transfers} transfers written`,
        totals.refused,
      );
      for (const code of ALL_REFUSALS) expect(totals.refused, code).toHaveProperty(code);
    });
  });
}

/** At most `n` of the wrapped functions run at once. */
function limiter(n: number) {
  let active = 0;
  const queue: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (active >= n) await new Promise<void>((resolve) => queue.push(resolve));
    active++;
    try {
      return await fn();
    } finally {
      active--;
      queue.shift()?.();
    }
  };
}

/** The long run's share of seeds for one of `parts` files. */
export function defineLongRun(part: number, parts: number): void {
  const kind: DbKind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  const all = seedsFor(env('LEDGER_SEEDS', 100));
  const seeds = process.env.LEDGER_SEED ? (part === 1 ? all : []) : all.filter((s) => s % parts === part - 1);
  defineSeededRun({
    title: `ledger vs model, long run on ${kind} (part ${part}/${parts})`,
    kind,
    seeds,
    ops: env('LEDGER_OPS', 1000),
    checkEvery: env('LEDGER_CHECK_EVERY', 100),
    concurrency: env('LEDGER_CONCURRENCY', 3),
    file: '--config vitest.long.config.ts packages/ledger/test/model-long',
    expectAllRefusals: true,
  });
}
