import { type Tx, withTx } from '@kabuto/db';
import type { Deps } from '../deps.ts';
import { verifyPassword } from '../lib/crypto.ts';
import { AppError, refuse } from '../lib/errors.ts';

/** Wrong passwords (login or fund) before a 15-minute lock. */
export const MAX_WRONG_PASSWORDS = 5;
export const LOCK_MS = 15 * 60 * 1000;

export const minutesLeft = (until: Date, now: number) =>
  Math.max(1, Math.ceil((until.getTime() - now) / 60_000));

export type FundPasswordVerifier = (userId: bigint, password: string) => Promise<void>;

export function fundPasswordVerifier({ db, clock }: Deps): FundPasswordVerifier {
  /**
   * Check the fund password before a money or trading call. Five wrong tries lock it for 15 minutes.
   * Runs outside the caller's transaction so that a wrong try is counted even though the call is refused.
   */
  return async function verifyFundPassword(userId: bigint, password: string): Promise<void> {
    const row = await db
      .selectFrom('app_user')
      .select(['fund_password_hash', 'fund_failed', 'fund_locked_until'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!row) return refuse('account.notFound');
    if (!row.fund_password_hash) return refuse('account.fundPasswordNotSet');
    const now = clock.now();
    if (row.fund_locked_until && row.fund_locked_until.getTime() > now) {
      return refuse('account.fundPasswordLocked', { minutes: minutesLeft(row.fund_locked_until, now) });
    }
    if (await verifyPassword(row.fund_password_hash, password)) {
      if (row.fund_failed > 0 || row.fund_locked_until) {
        await db
          .updateTable('app_user')
          .set({ fund_failed: 0, fund_locked_until: null })
          .where('id', '=', userId)
          .execute();
      }
      return;
    }
    const r = await withTx(db, async (tx: Tx) => {
      const updated = await tx
        .updateTable('app_user')
        .set((eb) => ({ fund_failed: eb('fund_failed', '+', 1) }))
        .where('id', '=', userId)
        .returning(['fund_failed'])
        .executeTakeFirstOrThrow();
      if (updated.fund_failed >= MAX_WRONG_PASSWORDS) {
        await tx
          .updateTable('app_user')
          .set({ fund_failed: 0, fund_locked_until: new Date(now + LOCK_MS) })
          .where('id', '=', userId)
          .execute();
        return 'locked' as const;
      }
      return 'wrong' as const;
    });
    if (r === 'locked') throw new AppError('account.fundPasswordLocked', { minutes: LOCK_MS / 60_000 });
    refuse('account.wrongFundPassword');
  };
}
