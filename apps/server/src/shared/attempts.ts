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
    return (await count(key, limit)) <= limit.max;
  }

  /** Counts one attempt on `key`; the window's count with it (one atomic upsert). */
  async function count(key: string, limit: AttemptLimit): Promise<number> {
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
    return row.count;
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

  return { take, count, release, clear, prune };
}

export type AttemptCounter = ReturnType<typeof attemptCounter>;

/** Sign-in throttling of an account (users and operators alike). */
export const SIGN_IN = {
  /** Wrong passwords from one address for one account. */
  perSourceAndAccount: { max: 5, windowMs: 15 * 60_000 },
  /** Attempts on one account from addresses it has never signed in from, all of them together. */
  perAccountFromNewSources: { max: 20, windowMs: 15 * 60_000 },
  /** Wrong passwords from one address over all accounts (credential stuffing): past it, the address is slowed. */
  perSource: { max: 100, windowMs: 15 * 60_000 },
} as const satisfies Record<string, AttemptLimit>;

/** How long each sign-in attempt from an address past `SIGN_IN.perSource` waits before it is evaluated. */
export const SOURCE_THROTTLE_DELAY_MS = 250;

export type SignInAnswer = 'auth.wrongCredentials' | 'request.rateLimited';

/**
 * Whether a sign-in attempt may be evaluated, and how a failure is answered.
 *
 * The account's own limits (wrong passwords per address and account; attempts on the account from
 * addresses it has never signed in from, all together) stop the attempt: it is answered like a wrong
 * password. They slow guessing on one account without handing anyone a switch that locks the owner out:
 * the account-wide counter applies only to addresses the account has never signed in from.
 *
 * The address's limit (wrong passwords over all accounts, credential stuffing) never refuses a correct
 * password of an account that is not itself limited: behind a proxy without TRUST_PROXY, or a carrier's
 * NAT, one address is many people, and another's mistakes must not lock them out. Past it, every attempt
 * from the address is slowed (SOURCE_THROTTLE_DELAY_MS before it is evaluated) and every failure from it
 * is answered `request.rateLimited` rather than `auth.wrongCredentials` (unknown accounts alike, so the
 * answer tells nothing about which accounts exist). Only failures count there: a right password gives
 * its attempt back.
 */
export async function mayTrySignIn(
  attempts: AttemptCounter,
  kind: 'user' | 'operator',
  account: string,
  ip: string,
  knownSource: () => Promise<boolean>,
): Promise<{ allowed: boolean; wrong: SignInAnswer; succeeded: () => Promise<void> }> {
  const name = account.trim().toLowerCase();
  const sourceKey = `${kind}:src:${ip}:${name}`;
  const addressKey = `${kind}:ip:${ip}`;
  const accountKey = `${kind}:acct:${name}`;
  const bySource = await attempts.take(sourceKey, SIGN_IN.perSourceAndAccount);
  const byAddress = await attempts.take(addressKey, SIGN_IN.perSource);
  const known = bySource && (await knownSource());
  const byAccount = known || (await attempts.take(accountKey, SIGN_IN.perAccountFromNewSources));
  if (!byAddress) await new Promise((r) => setTimeout(r, SOURCE_THROTTLE_DELAY_MS));
  return {
    allowed: bySource && byAccount,
    wrong: byAddress ? 'auth.wrongCredentials' : 'request.rateLimited',
    /** The right password: this source starts afresh, and the shared counters keep wrong ones only. */
    async succeeded() {
      await attempts.clear(sourceKey);
      await attempts.release(addressKey);
      if (!known) await attempts.release(accountKey);
    },
  };
}
