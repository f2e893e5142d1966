import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { withSpan } from './tracing.ts';

/**
 * The process's metrics (Prometheus, prom-client): what module code counts wherever it runs (ledger
 * transfers, job rounds), and Node's own (CPU, memory, descriptors, event-loop delay, GC). Each app adds
 * its own registry (HTTP, refusals, WebSocket clients, pool, queues: plugins/ops.ts) and a scrape merges
 * the two.
 */
export const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry, prefix: 'kabuto_' });

export const ledgerTransfers = new Counter({
  name: 'kabuto_ledger_transfers_total',
  help: 'Ledger transfers committed, by transfer code',
  labelNames: ['code'] as const,
  registers: [processRegistry],
});

export const jobRuns = new Counter({
  name: 'kabuto_job_runs_total',
  help: 'Background job rounds started, by job',
  labelNames: ['job'] as const,
  registers: [processRegistry],
});

export const jobFailures = new Counter({
  name: 'kabuto_job_failures_total',
  help: 'Background job rounds (or items of one) that failed, by job',
  labelNames: ['job'] as const,
  registers: [processRegistry],
});

export const jobDuration = new Histogram({
  name: 'kabuto_job_duration_seconds',
  help: 'How long a background job round took, by job',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 2, 5, 10, 30, 60],
  registers: [processRegistry],
});

export const jobLag = new Gauge({
  name: 'kabuto_job_lag_seconds',
  help: 'How late the last round of a job started after it was due (its queue lag), by job',
  labelNames: ['job'] as const,
  registers: [processRegistry],
});

export const jobRetries = new Counter({
  name: 'kabuto_job_retries_total',
  help: 'Attempts of a queued job that failed and will be tried again (backoff), by job',
  labelNames: ['job'] as const,
  registers: [processRegistry],
});

export const jobDeadLetters = new Counter({
  name: 'kabuto_job_dead_letters_total',
  help: 'Queued jobs whose last attempt failed and that went to the dead letter queue, by job',
  labelNames: ['job'] as const,
  registers: [processRegistry],
});

export const errorsLogged = new Counter({
  name: 'kabuto_log_errors_total',
  help: 'Lines logged at level error or fatal',
  registers: [processRegistry],
});

/** Counts a job round: its start, lag, duration and failure. `lagMs`: how late it started. */
export async function observeJob<T>(job: string, lagMs: number, run: () => Promise<T>): Promise<T> {
  jobRuns.inc({ job });
  jobLag.set({ job }, Math.max(0, lagMs) / 1000);
  const end = jobDuration.startTimer({ job });
  try {
    return await withSpan(`job ${job}`, { 'kabuto.job': job }, run);
  } catch (err) {
    jobFailures.inc({ job });
    throw err;
  } finally {
    end();
  }
}
