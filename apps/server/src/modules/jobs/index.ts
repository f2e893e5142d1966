import { adminApi } from '@kabuto/contract';
import { withTx } from '@kabuto/db';
import type { Deps } from '../../deps.ts';
import { refuse } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { type Actor, audit } from '../../shared/audit.ts';
import type { Module } from '../module.ts';
import { type DailyJob, type JobQueue, jobQueue } from './jobs.queue.ts';
import * as repo from './jobs.repo.ts';
import { type LeaderRound, leaderRound, type Step } from './jobs.round.ts';

export type { DailyJob } from './jobs.queue.ts';
export { failOnItemErrors, pick } from './jobs.round.ts';

export interface JobsNeeds {
  /** The leader's frequent round, by step, in order. */
  steps: Record<string, Step>;
  /** The jobs run once per business key on the durable queue. */
  daily: DailyJob[];
  log: (msg: string, err?: unknown) => void;
}

export interface JobsOffers {
  queue: JobQueue;
  round: LeaderRound;
  /** Run a failed job again (audited): a daily job back on its queue, a round step now. */
  rerun(actor: Actor, id: bigint, reason: string): Promise<{ id: string; state: string }>;
}

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/**
 * The background jobs: the leader's frequent round (each step isolated, failures recorded), the daily
 * jobs on the durable queue (pg-boss: once per business key, retries with backoff, a dead letter
 * queue), and the back office's list and re-run.
 */
export function jobsModule(deps: Deps, needs: JobsNeeds): Module<JobsOffers> {
  const { db, clock, env } = deps;
  const queue = jobQueue({
    db,
    clock,
    daily: needs.daily,
    settings: { retryLimit: env.JOB_RETRY_LIMIT, retryDelaySeconds: env.JOB_RETRY_DELAY_SECONDS },
    log: needs.log,
  });
  // after the round's own steps, the daily jobs' due keys go on the queue (a failure to reach it is a
  // failing step like any other)
  const round = leaderRound({
    db,
    clock,
    steps: { ...needs.steps, dailyOffers: () => queue.enqueueDue() },
    log: needs.log,
  });

  async function rerun(actor: Actor, id: bigint, reason: string) {
    const at = new Date(deps.timers.now());
    const row = await withTx(db, async (tx) => {
      const r = await repo.lockRun(tx, id);
      if (!r) return refuse('jobs.notFound');
      if (r.state !== 'dead' && r.state !== 'failed') refuse('jobs.notFailed');
      await repo.markRerun(tx, id, r.kind === 'daily' ? 'queued' : r.state, at);
      await audit(
        tx,
        actor,
        {
          action: 'job.rerun',
          target: `job:${r.job}:${r.key}`,
          reason,
          detail: {
            state: r.state,
            attempts: r.attempts,
            failures: r.failures,
            error: r.last_error?.split('\n')[0],
          },
        },
        at,
      );
      return r;
    });
    if (row.kind === 'daily') {
      // after the commit: on PGlite the queue's statements wait for the app's transaction
      await queue.requeue(row.job, row.key, row.queue_id).catch(async (err) => {
        await db.updateTable('job_run').set({ state: row.state }).where('id', '=', id).execute();
        throw err;
      });
    } else if (round.has(row.job)) {
      await round.runStep(row.job);
    }
    const now = await repo.getRun(db, id);
    return { id: id.toString(), state: now?.state ?? row.state };
  }

  return {
    name: 'jobs',
    offers: { queue, round, rerun },
    adminRoutes(kit) {
      kit.post(adminApi.jobList, 'admin', async (req) => {
        const { state, page, size } = req.body;
        const r = await repo.listRuns(db, state, page, size);
        return ok({
          list: r.rows.map((x) => ({
            id: x.id.toString(),
            job: x.job,
            key: x.key,
            kind: x.kind,
            state: x.state,
            attempts: x.attempts,
            failures: x.failures,
            reruns: x.reruns,
            last_error: x.last_error ?? '',
            create_time: seconds(x.created_at)!,
            start_time: seconds(x.started_at),
            finish_time: seconds(x.finished_at),
            update_time: seconds(x.updated_at)!,
          })),
          total: r.total,
          counts: r.counts,
        });
      });
      kit.post(adminApi.jobRerun, 'admin', async (req, op) =>
        ok(await rerun(op, req.body.id, req.body.reason), 'ok.submitted'),
      );
    },
    close: () => queue.close(),
  };
}
