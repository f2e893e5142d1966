import type { Db } from '@kabuto/db';
import type { Clock } from '@kabuto/domain';
import type { Env } from './config.ts';
import type { HashCost } from './lib/crypto.ts';

/** What every module needs, built once by the composition root (app.ts) and passed down. */
export interface Deps {
  db: Db;
  clock: Clock;
  env: Env;
  hashCost: HashCost;
}
