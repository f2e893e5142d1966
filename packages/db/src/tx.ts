import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema/index.ts';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;

const RETRYABLE = new Set(['40001', '40P01']); // serialization_failure, deadlock_detected

export interface TxOptions {
  /** Attempts on serialization failure or deadlock (default 5). */
  attempts?: number;
  isolation?: 'read committed' | 'repeatable read' | 'serializable';
}

/**
 * Run `fn` in one SQL transaction; retried from the start on a serialization failure or a deadlock.
 * Every service that writes goes through here, so a refusal thrown inside rolls everything back.
 */
export async function withTx<T>(db: Db, fn: (tx: Tx) => Promise<T>, opts: TxOptions = {}): Promise<T> {
  const attempts = opts.attempts ?? 5;
  for (let attempt = 1; ; attempt++) {
    let current: Tx | undefined;
    try {
      let builder = db.transaction();
      if (opts.isolation) builder = builder.setIsolationLevel(opts.isolation);
      const result = await builder.execute((tx) => {
        current = tx;
        committed.set(tx, []);
        return fn(tx);
      });
      // after the commit: a failing callback must not look like a failed (and retried) transaction
      for (const after of committed.get(current as Tx) ?? []) {
        try {
          after();
        } catch {}
      }
      return result;
    } catch (err) {
      if (attempt >= attempts || !isRetryable(err)) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
    }
  }
}

const committed = new WeakMap<Tx, (() => void)[]>();

/**
 * Run `fn` once the transaction `tx` (from withTx) has committed; never if it rolls back. For what must
 * count only committed work (metrics). Outside withTx it runs at once.
 */
export function afterCommit(tx: Tx, fn: () => void): void {
  const list = committed.get(tx);
  if (list) list.push(fn);
  else fn();
}

export function isRetryable(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
}

/** PostgreSQL unique_violation. */
export const isUniqueViolation = (err: unknown): boolean =>
  (err as { code?: string } | null)?.code === '23505';
