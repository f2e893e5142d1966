import type { Db, Tx } from '@kabuto/db';
import type { Currency, Units } from '@kabuto/domain';
import { lockLedgerAccounts } from '@kabuto/ledger';
import { writeFundRecords } from './fund-records.ts';
import { transfer } from './ledger.ts';

/**
 * The shortfall (不足金): a margin loss beyond the collateral becomes the user's debt in the ledger (the
 * user's `shortfall` account, debit-normal), booked by the close that realised it; while anything is owed
 * in a currency, withdrawals and new positions of it are refused, and every deposit repays it first. No
 * write-off but an audited operator adjustment.
 */

/** What a user owes as shortfall in a currency (0 without an account). */
export async function shortfallOwed(q: Db | Tx, userId: bigint, currency: Currency): Promise<Units> {
  const row = await q
    .selectFrom('ledger_account')
    .select(['debits_posted', 'credits_posted'])
    .where('owner', '=', userId)
    .where('currency', '=', currency)
    .where('kind', '=', 'shortfall')
    .executeTakeFirst();
  return row ? row.debits_posted - row.credits_posted : 0n;
}

/** What each of some users owes as shortfall, by user and currency (`${userId}|${currency}`; absent: 0). */
export async function shortfallsOwed(q: Db | Tx, userIds: readonly bigint[]): Promise<Map<string, Units>> {
  const owed = new Map<string, Units>();
  if (userIds.length === 0) return owed;
  const rows = await q
    .selectFrom('ledger_account')
    .select(['owner', 'currency', 'debits_posted', 'credits_posted'])
    .where('owner', 'in', [...new Set(userIds)])
    .where('kind', '=', 'shortfall')
    .execute();
  for (const r of rows) owed.set(`${r.owner}|${r.currency}`, r.debits_posted - r.credits_posted);
  return owed;
}

/**
 * Repay the shortfall of a currency from the user's available cash, as much as there is (after a deposit
 * is credited, in its transaction): cash → shortfall, a `repay` fund record. Returns what was repaid.
 */
export async function repayShortfall(
  tx: Tx,
  userId: bigint,
  currency: Currency,
  o: { orderNo: string; ref: string; at: Date },
): Promise<Units> {
  if ((await shortfallOwed(tx, userId, currency)) <= 0n) return 0n;
  const [cash, debt] = await lockLedgerAccounts(tx, [
    { owner: userId, currency, kind: 'cash' },
    { owner: userId, currency, kind: 'shortfall' },
  ]);
  const owed = debt.debitsPosted - debt.creditsPosted;
  const free = cash.creditsPosted - cash.debitsPosted - cash.debitsPending;
  const amount = owed < free ? owed : free;
  if (amount <= 0n) return 0n;
  const [t] = await transfer(tx, [
    {
      type: 'single',
      debitAccountId: cash.id,
      creditAccountId: debt.id,
      amount,
      currency,
      code: 'shortfall_repay',
      operationRef: o.ref,
    },
  ]);
  await writeFundRecords(tx, [
    {
      userId,
      currency,
      type: 'repay',
      orderNo: o.orderNo,
      amount: -amount,
      transferId: t.id,
      ref: o.ref,
      memo: 'shortfall',
      at: o.at,
    },
  ]);
  return amount;
}
