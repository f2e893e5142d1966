import { runInContext } from '../ops/context.ts';
import { observeJob } from '../ops/metrics.ts';

/**
 * The leader's round of jobs on a timer (every module's jobs, in the order app.ts lists the modules).
 * Each round reads the injected clock, so tests call `runOnce()` after moving a ManualClock. `recorded`,
 * when given, is what the timer runs (the jobs module's round: each step counted and recorded on its
 * own, the daily jobs offered to the durable queue); `runOnce()` still runs `jobs.runJobs`.
 */
export function leaderRound<R>(
  jobs: { runJobs(): Promise<R> },
  intervalMs: () => Promise<number>,
  log?: (err: unknown) => void,
  recorded?: (lagMs: number) => Promise<unknown>,
) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;
  /** When the next round is due (its lag is how much later it starts). */
  let due = 0;

  const round = async () => {
    if (stopped) return;
    // counted (runs, failures, lag, duration) and logged with `job: "trading"`
    running = (
      recorded
        ? recorded(Date.now() - due)
        : runInContext({ job: 'trading' }, () =>
            observeJob('trading', Date.now() - due, () => jobs.runJobs()),
          )
    ).catch((err) => log?.(err));
    await running;
    running = null;
    if (stopped) return;
    const ms = await intervalMs().catch(() => 1000);
    due = Date.now() + ms;
    timer = setTimeout(round, ms);
    timer.unref?.();
  };

  return {
    runOnce: () => jobs.runJobs(),
    start(): void {
      if (!stopped) return;
      stopped = false;
      due = Date.now();
      timer = setTimeout(round, 0);
      timer.unref?.();
    },
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

export type LeaderRound<R = Record<string, unknown>> = ReturnType<typeof leaderRound<R>>;
