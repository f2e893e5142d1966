import type { Db } from '@kabuto/db';
import type { Clock } from '@kabuto/domain';
import { runInContext } from '../../ops/context.ts';
import { observeJob } from '../../ops/metrics.ts';
import * as repo from './jobs.repo.ts';

/** A step of the leader's frequent round: pendingOrders, exits, margin, … */
export type Step = () => Promise<unknown>;

/** The UTC day of a round step's failures (one row per step and day). */
export const dayKey = (now: number): string => new Date(now).toISOString().slice(0, 10);

/**
 * The leader's frequent round (every few seconds): each step on its own, so one failing step neither
 * stops the others nor goes unseen: its failure is counted (metrics) and recorded in `job_run` once a
 * day per step, and the row reads completed again when a later round of the day gets through.
 */
export function leaderRound(o: {
  db: Db;
  clock: Clock;
  steps: Record<string, Step>;
  log: (msg: string, err?: unknown) => void;
}) {
  /** Steps whose last run failed (their row is updated when they recover). */
  const failing = new Set<string>();
  /** The steps a process that stopped left failing: read at the first round, so their rows recover too. */
  let loaded = false;
  async function loadFailing() {
    if (loaded) return;
    const rows = await o.db
      .selectFrom('job_run')
      .select('job')
      .where('kind', '=', 'round')
      .where('state', '=', 'failed')
      .where('key', '=', dayKey(o.clock.now()))
      .execute();
    for (const r of rows) failing.add(r.job);
    loaded = true;
  }

  async function runStep(name: string, lagMs = 0): Promise<{ ok: true; result: unknown } | { ok: false }> {
    const step = o.steps[name];
    if (!step) throw new Error(`no round step ${name}`);
    try {
      const result = await runInContext({ job: name }, () => observeJob(name, lagMs, step));
      if (failing.delete(name))
        await repo.roundRecovered(o.db, name, dayKey(o.clock.now()), new Date(o.clock.now()));
      return { ok: true, result };
    } catch (err) {
      failing.add(name);
      o.log(`job ${name} failed`, err);
      await repo
        .roundFailed(o.db, name, dayKey(o.clock.now()), repo.errorText(err), new Date(o.clock.now()))
        .catch((e) => o.log('job failure not recorded', e));
      return { ok: false };
    }
  }

  /** One round: every step in order (each isolated), then `after` (the daily jobs' offers). */
  async function run(lagMs = 0): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    await loadFailing().catch((err) => o.log('failing job steps not read', err));
    for (const name of Object.keys(o.steps)) {
      const r = await runStep(name, lagMs);
      out[name] = r.ok ? r.result : 'failed';
    }
    return out;
  }

  return { run, runStep, has: (name: string) => Object.hasOwn(o.steps, name) };
}

export type LeaderRound = ReturnType<typeof leaderRound>;

/**
 * A step whose items fail one by one (an offering, a product) without stopping the others: run them all,
 * then fail the step with the first error, so the failure is counted and recorded.
 */
export function failOnItemErrors<T>(run: (onError: (err: unknown) => void) => Promise<T>): Step {
  return async () => {
    const errors: unknown[] = [];
    const r = await run((err) => errors.push(err));
    if (errors.length > 0)
      throw new Error(`${errors.length} item(s) failed: ${String(errors[0])}`, { cause: errors[0] });
    return r;
  };
}

/** Some steps of a record of steps, by name, in the order given. */
export function pick<K extends string>(steps: Record<K, Step>, ...names: K[]): Record<string, Step> {
  return Object.fromEntries(names.map((n) => [n, steps[n]]));
}
