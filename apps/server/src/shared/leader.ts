import type { Db } from '@kabuto/db';
import { sql } from 'kysely';

/**
 * Single-leader election for the background work (tick publisher, trading jobs). On PostgreSQL the
 * leader holds `pg_try_advisory_lock(key)` on a dedicated connection for as long as it leads; when the
 * connection drops, the lock goes with it and another process takes over at its next try. On PGlite
 * there is one process, so it leads at once.
 */
export const LEADER_LOCK_KEY = 0x4b414255544f; // "KABUTO"

export interface Leadership {
  readonly isLeader: boolean;
  stop(): Promise<void>;
}

export interface LeaderOptions {
  db: Db;
  /** false on PGlite (one process: always the leader). */
  useLock: boolean;
  onElected: () => void | Promise<void>;
  onDeposed: () => void | Promise<void>;
  retryMs?: number;
  log?: (msg: string, err?: unknown) => void;
}

export function startLeaderElection(opts: LeaderOptions): Leadership {
  let leader = false;
  let stopped = false;
  let release: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const retryMs = opts.retryMs ?? 5000;

  const become = async () => {
    leader = true;
    await opts.onElected();
  };
  const lose = async () => {
    if (!leader) return;
    leader = false;
    await opts.onDeposed();
  };

  if (!opts.useLock) {
    void become();
    return {
      get isLeader() {
        return leader;
      },
      async stop() {
        stopped = true;
        await lose();
      },
    };
  }

  const attempt = () => {
    if (stopped) return;
    // Holds one pooled connection for as long as this process leads.
    void opts.db
      .connection()
      .execute(async (conn) => {
        const r = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${LEADER_LOCK_KEY}) as ok`.execute(
          conn,
        );
        if (!r.rows[0]?.ok) return;
        await become();
        // Keep the connection (and the lock) until stopped; check it is alive now and then.
        await new Promise<void>((resolve) => {
          release = resolve;
          const beat = async () => {
            if (stopped || !leader) return resolve();
            try {
              await sql`select 1`.execute(conn);
              setTimeout(beat, retryMs).unref?.();
            } catch {
              resolve();
            }
          };
          setTimeout(beat, retryMs).unref?.();
        });
        release = null;
        await sql`select pg_advisory_unlock(${LEADER_LOCK_KEY})`.execute(conn).catch(() => {});
      })
      .catch((err) => opts.log?.('leader election failed', err))
      .finally(async () => {
        await lose();
        if (!stopped) {
          timer = setTimeout(attempt, retryMs);
          timer.unref?.();
        }
      });
  };
  attempt();

  return {
    get isLeader() {
      return leader;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const r = release as (() => void) | null;
      r?.();
      await lose();
    },
  };
}
