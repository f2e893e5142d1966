import type { Db } from '@kabuto/db';
import type { Clock } from '@kabuto/domain';
import type { Env } from './config.ts';
import type { HashCost } from './lib/crypto.ts';

/** What every module needs, built once by the composition root (app.ts) and passed down. */
export interface Deps {
  db: Db;
  /** The business clock: markets, trading days, business dates (KABUTO_CLOCK_START may move it). */
  clock: Clock;
  /**
   * Real time, for the technical timers: sessions, rate limits and attempt windows, double taps,
   * idempotency keys. A simulated clock set back at a restart must not stretch or break those.
   */
  timers: Clock;
  env: Env;
  hashCost: HashCost;
}
