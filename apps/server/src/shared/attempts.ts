import type { Db } from '@kabuto/db';
import type { Clock } from '@kabuto/domain';
import { sql } from 'kysely';

/**
 * Attempt counters for password checks, in the database so that every process shares them. A request
 * counts its attempt first, in one atomic upsert, and only then may the password be evaluated: thirty
 * concurrent wrong passwords cannot get more evaluations than the limit, whatever their timing.
 * Counters run in fixed windows: the first attempt of a window sets `reset_at`; after it the count
 * starts again.
 */
export interface AttemptLimit {
  max: number;
  windowMs: number;
}

export function attemptCounter(db: Db, clock: Clock) {
  /** Counts one attempt on `key`; true while the window holds at most `max` of them. */
  async function take(key: string, limit: AttemptLimit): Promise<boolean> {
    const now = new Date(clock.now());
    const reset = new Date(now.getTime() + limit.windowMs);
    const row = await db
      .insertInto('auth_attempt')
      .values({ key, count: 1, reset_at: reset })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql`case when auth_attempt.reset_at <= ${now} then 1 else auth_attempt.count + 1 end`,
          reset_at: sql`case when auth_attempt.reset_at <= ${now} then ${reset} else auth_attempt.reset_at end`,
        }),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    return row.count <= limit.max;
  }

  /** Gives one attempt back (it turned out right), so that only wrong ones add up. */
  async function release(key: string): Promise<void> {
    await db
      .updateTable('auth_attempt')
      .set({ count: sql`count - 1` })
      .where('key', '=', key)
      .where('count', '>', 0)
      .execute();
  }

  /** Forgets the attempts of `key` (after the right password). */
  async function clear(key: string): Promise<void> {
    await db.deleteFrom('auth_attempt').where('key', '=', key).execute();
  }

  /** Drops the counters whose window has passed (housekeeping; a passed window counts as empty anyway). */
  async function prune(): Promise<void> {
    await db.deleteFrom('auth_attempt').where('reset_at', '<=', new Date(clock.now())).execute();
  }

  return { take, release, clear, prune };
}

export type AttemptCounter = ReturnType<typeof attemptCounter>;

/** Sign-in throttling of an account (users and operators alike). */
export const SIGN_IN = {
  /** Wrong passwords from one address for one account. */
  perSourceAndAccount: { max: 5, windowMs: 15 * 60_000 },
  /** Attempts on one account from addresses it has never signed in from, all of them together. */
  perAccountFromNewSources: { max: 20, windowMs: 15 * 60_000 },
  /** Attempts from one address over all accounts (credential stuffing). */
  perSource: { max: 100, windowMs: 15 * 60_000 },
} as const satisfies Record<string, AttemptLimit>;

/**
 * Whether a sign-in attempt may be evaluated. Throttles the source (per address and account, and per
 * address), and slows guessing on one account from many addresses without handing anyone a switch
 * that locks the owner out: the account-wide counter applies only to addresses the account has never
 * signed in from, so the owner on a known device and network is held back by nothing but their own
 * mistakes. A refused attempt is answered exactly like a wrong password.
 */
export async function mayTrySignIn(
  attempts: AttemptCounter,
  kind: 'user' | 'operator',
  account: string,
  ip: string,
  knownSource: () => Promise<boolean>,
): Promise<{ allowed: boolean; succeeded: () => Promise<void> }> {
  const name = account.trim().toLowerCase();
  const sourceKey = `${kind}:src:${ip}:${name}`;
  const addressKey = `${kind}:ip:${ip}`;
  const accountKey = `${kind}:acct:${name}`;
  const bySource = await attempts.take(sourceKey, SIGN_IN.perSourceAndAccount);
  const byAddress = await attempts.take(addressKey, SIGN_IN.perSource);
  const known = bySource && byAddress && (await knownSource());
  const byAccount = known || (await attempts.take(accountKey, SIGN_IN.perAccountFromNewSources));
  return {
    allowed: bySource && byAddress && byAccount,
    /** The right password: this source starts afresh, and the shared counters keep wrong ones only. */
    async succeeded() {
      await attempts.clear(sourceKey);
      await attempts.release(addressKey);
      if (!known) await attempts.release(accountKey);
    },
  };
}
