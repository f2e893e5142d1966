import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { strictBody as body, id, text } from '../fields.ts';

/**
 * The background jobs (POST /api/admin<path>, part of `adminApi`, admin only): each daily job's run per
 * business date and each failing step of the leader's frequent round, with attempts, failures and the
 * last error; a failed or dead-lettered run can be started again, audited.
 */
const tag = 'admin';

export const JOB_RUN_STATES = ['queued', 'running', 'retrying', 'completed', 'dead', 'failed'] as const;

export const jobRun = z.object({
  id: z.string(),
  job: z.string().describe('lending, products, … or a step of the frequent round (pendingOrders, margin, …)'),
  key: z
    .string()
    .describe('the business key: market and business date of a daily job, the UTC day of a round step'),
  kind: z.enum(['daily', 'round']),
  state: z.enum(JOB_RUN_STATES),
  attempts: z.number().describe('attempts started (the first and every retry or re-run)'),
  failures: z.number().describe('attempts (or rounds) that failed'),
  reruns: z.number().describe('times an operator ran it again'),
  last_error: z.string(),
  create_time: z.number().describe('unix seconds'),
  start_time: z.number().nullable().describe('unix seconds of the last attempt’s start'),
  finish_time: z.number().nullable().describe('unix seconds of the last attempt’s end'),
  update_time: z.number().describe('unix seconds'),
});

export const jobList = endpoint({
  path: '/jobs/list',
  auth: true,
  tag,
  summary: 'Job runs, latest first: all, or those in one state (failed and dead first to act on).',
  body: body({
    state: z.enum(['all', ...JOB_RUN_STATES], { error: 'validation.invalid' }).default('all'),
    page: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(10_000).default(1),
    size: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(200).default(20),
  }),
  data: z.object({
    list: z.array(jobRun),
    total: z.number(),
    counts: z.object({
      retrying: z.number(),
      dead: z.number(),
      failed: z.number(),
    }),
  }),
});

export const jobRerun = endpoint({
  path: '/jobs/rerun',
  auth: true,
  tag,
  summary:
    'Run a failed job again: a dead-lettered daily job goes back on the queue for one more attempt; a failed round step runs now. Audited.',
  body: body({ id: id(), reason: text(500).describe('why (kept in the audit log)') }),
  data: z.object({ id: z.string(), state: z.enum(JOB_RUN_STATES) }),
});
