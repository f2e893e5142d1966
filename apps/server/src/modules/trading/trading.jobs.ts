import type { TradingService } from './trading.service.ts';

/**
 * The trading jobs on a timer (the leader process only): fill limit orders, enforce maintenance margin.
 * Each round reads the injected clock, so tests call `runOnce()` after moving a ManualClock.
 */
export function tradingJobs(
  service: TradingService,
  intervalMs: () => Promise<number>,
  log?: (err: unknown) => void,
) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;

  const round = async () => {
    if (stopped) return;
    running = service.runJobs().catch((err) => log?.(err));
    await running;
    running = null;
    if (stopped) return;
    const ms = await intervalMs().catch(() => 1000);
    timer = setTimeout(round, ms);
    timer.unref?.();
  };

  return {
    runOnce: () => service.runJobs(),
    start(): void {
      if (!stopped) return;
      stopped = false;
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

export type TradingJobs = ReturnType<typeof tradingJobs>;
