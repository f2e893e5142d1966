import type { Db } from '@kabuto/db';
import type { Clock } from '@kabuto/domain';
import type { Env } from './config.ts';
import type { HashCost } from './lib/crypto.ts';
import type { FileStore } from './shared/files.ts';
import type { UserChanges } from './shared/user-changes.ts';

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
  /**
   * Tell every process that what it keeps of these users (their sessions) changed: after the commit of
   * a write to a user's sessions, state or passwords, before the reply.
   */
  userChanges: UserChanges;
  /** Uploaded files: shared by every instance, encrypted at rest (shared/files.ts). */
  files: FileStore;
}
