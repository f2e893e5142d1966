import type { Deps } from '../deps.ts';
import { verifyPassword } from '../lib/crypto.ts';
import { AppError, refuse } from '../lib/errors.ts';

/** Wrong passwords (login or fund) before a 15-minute lock. */
export const MAX_WRONG_PASSWORDS = 5;
export const LOCK_MS = 15 * 60 * 1000;

/** How long a check waits for earlier ones still being evaluated: at most 40 × 50 ms. */
const IN_FLIGHT_WAITS = 40;
const IN_FLIGHT_WAIT_MS = 50;

export const minutesLeft = (until: Date, now: number) =>
  Math.max(1, Math.ceil((until.getTime() - now) / 60_000));

export type FundPasswordVerifier = (userId: bigint, password: string) => Promise<void>;

export function fundPasswordVerifier({ db, timers: clock }: Deps): FundPasswordVerifier {
  /**
   * Check the fund password before a money or trading call. Five wrong tries lock it for 15 minutes.
   * Runs outside the caller's transaction so that a wrong try is counted even though the call is refused.
   */
  return async function verifyFundPassword(userId: bigint, password: string): Promise<void> {
    const now = clock.now();
    // The attempt is counted before the password is evaluated, in one statement: concurrent wrong
    // passwords get at most MAX_WRONG_PASSWORDS evaluations. A locked password counts nothing. While
    // the count is full of attempts still being evaluated (not yet wrong), wait for them a little.
    let row: { fund_password_hash: string | null; fund_failed: number } | undefined;
    for (let wait = 0; ; wait++) {
      row = await db
        .updateTable('app_user')
        .set((eb) => ({ fund_failed: eb('fund_failed', '+', 1) }))
        .where('id', '=', userId)
        .where((eb) =>
          eb.or([eb('fund_locked_until', 'is', null), eb('fund_locked_until', '<=', new Date(clock.now()))]),
        )
        .returning(['fund_password_hash', 'fund_failed'])
        .executeTakeFirst();
      if (!row || row.fund_failed <= MAX_WRONG_PASSWORDS || wait >= IN_FLIGHT_WAITS) break;
      await release(userId);
      await new Promise((r) => setTimeout(r, IN_FLIGHT_WAIT_MS));
    }
    if (!row) {
      const locked = await db
        .selectFrom('app_user')
        .select('fund_locked_until')
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!locked) return refuse('account.notFound');
      return refuse('account.fundPasswordLocked', {
        minutes: minutesLeft(locked.fund_locked_until ?? new Date(now), now),
      });
    }
    if (!row.fund_password_hash) {
      await release(userId);
      return refuse('account.fundPasswordNotSet');
    }
    if (row.fund_failed > MAX_WRONG_PASSWORDS) {
      return refuse('account.fundPasswordLocked', { minutes: LOCK_MS / 60_000 });
    }
    if (await verifyPassword(row.fund_password_hash, password)) {
      await db
        .updateTable('app_user')
        .set({ fund_failed: 0, fund_locked_until: null })
        .where('id', '=', userId)
        .execute();
      return;
    }
    if (row.fund_failed === MAX_WRONG_PASSWORDS) {
      await db
        .updateTable('app_user')
        .set({ fund_failed: 0, fund_locked_until: new Date(now + LOCK_MS) })
        .where('id', '=', userId)
        .execute();
      throw new AppError('account.fundPasswordLocked', { minutes: LOCK_MS / 60_000 });
    }
    refuse('account.wrongFundPassword');
  };

  /** Gives back an attempt that was counted but not evaluated. */
  async function release(userId: bigint): Promise<void> {
    await db
      .updateTable('app_user')
      .set((eb) => ({ fund_failed: eb('fund_failed', '-', 1) }))
      .where('id', '=', userId)
      .where('fund_failed', '>', 0)
      .execute();
  }
}
