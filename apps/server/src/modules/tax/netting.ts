import { type Db, type Tx, withTx } from '@kabuto/db';
import { type Clock, nettingRefund, taxDateOf, taxYearOf, type Units } from '@kabuto/domain';
import { lockLedgerAccounts, shardFor, type TransferRequest } from '@kabuto/ledger';
import { type FundRecordInput, writeFundRecords } from '../../shared/fund-records.ts';
import { transferMany } from '../../shared/ledger.ts';
import * as repo from './tax.repo.ts';

/** A holder's dividend as the payment hands it to tax: yen after any foreign tax, and the tax withheld. */
export interface DividendReceived {
  userId: bigint;
  dividend: Units;
  national: Units;
  local: Units;
}

/** Users a netting transaction refunds at most (each batch its own transaction). */
export const NETTING_BATCH = 500;

const DAY_MS = 86_400_000;

/**
 * Dividends in the 源泉徴収あり account and their netting with the year's losses (損益通算):
 *
 * - `receive`: in the payment's transaction, the yen dividends of Japanese stocks paid into 源泉徴収あり
 *   accounts join their year (`tax_year.dividends`), with the tax withheld on them.
 * - `run` (daily): the tax that a year's net loss offsets is refunded, from the platform's `tax_withheld`
 *   account to the user's yen cash, national and local apart, in batches of users (each its own
 *   transaction, the rows locked; a re-run finds nothing more to refund). It runs over the current tax
 *   year and, in its first days, the year before (a dividend paid on 31 December).
 */
export function dividendNetting(d: { db: Db; clock: Clock }) {
  const { db, clock } = d;
  let ranOn: string | null = null;

  async function receive(tx: Tx, rows: readonly DividendReceived[], at: number): Promise<void> {
    const byUser = new Map<bigint, { dividends: Units; national: Units; local: Units }>();
    for (const r of rows) {
      const u = byUser.get(r.userId) ?? { dividends: 0n, national: 0n, local: 0n };
      u.dividends += r.dividend;
      u.national += r.national;
      u.local += r.local;
      byUser.set(r.userId, u);
    }
    const list = [...byUser.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([user_id, v]) => ({ user_id, ...v }));
    await repo.addDividends(tx, taxYearOf(at), list);
  }

  /** One batch of a year's refunds; the last user id seen (null when the year is done). */
  async function batch(year: number, after: bigint): Promise<{ last: bigint | null; refunded: number }> {
    const now = clock.now();
    const at = new Date(now);
    // the rates of the year's own end for a year gone by
    const date = year < taxYearOf(now) ? `${year}-12-31` : taxDateOf(now);
    return withTx(db, async (tx) => {
      const rows = await repo.lockNettingBatch(tx, year, after, NETTING_BATCH);
      if (rows.length === 0) return { last: null, refunded: 0 };
      const due = rows
        .map((r) => ({ r, back: nettingRefund(r, date) }))
        .filter(({ back }) => back.national > 0n || back.local > 0n);
      if (due.length > 0) {
        const specs = due.flatMap(({ r }) => [
          { owner: r.user_id, currency: 'jpy' as const, kind: 'cash' as const },
          {
            owner: null,
            currency: 'jpy' as const,
            kind: 'tax_withheld' as const,
            shard: shardFor(r.user_id),
          },
        ]);
        const acc = await lockLedgerAccounts(tx, specs);
        const reqs: TransferRequest[] = [];
        const records: Omit<FundRecordInput, 'transferId'>[] = [];
        due.forEach(({ r, back }, i) => {
          const [cash, taxAcc] = [acc[2 * i], acc[2 * i + 1]];
          for (const [part, amount] of [
            ['national', back.national],
            ['local', back.local],
          ] as const) {
            if (amount === 0n) continue;
            reqs.push({
              type: 'single',
              debitAccountId: taxAcc.id,
              creditAccountId: cash.id,
              amount,
              currency: 'jpy',
              code: part === 'national' ? 'tax_national' : 'tax_local',
              operationRef: `tax:netting:${year}:${r.user_id}`,
            });
            records.push({
              userId: r.user_id,
              currency: 'jpy',
              type: 'tax_refund',
              orderNo: `TAX${year}`,
              amount,
              memo: part,
              at,
            });
          }
        });
        const done = await transferMany(tx, reqs);
        await writeFundRecords(
          tx,
          records.map((x, i) => ({ ...x, transferId: done[i].id })),
        );
        await repo.setWithheld(
          tx,
          year,
          due.map(({ r, back }) => ({
            user_id: r.user_id,
            national: r.national - back.national,
            local: r.local - back.local,
          })),
        );
      }
      return { last: rows[rows.length - 1].user_id, refunded: due.length };
    });
  }

  /** Refund every year's offset dividend tax (the daily job; `force` runs again the same day). */
  async function run(force = false): Promise<{ refunded: number }> {
    const now = clock.now();
    const today = taxDateOf(now);
    if (!force && ranOn === today) return { refunded: 0 };
    let refunded = 0;
    for (const year of new Set([taxYearOf(now - 7 * DAY_MS), taxYearOf(now)])) {
      let after = 0n;
      for (;;) {
        const b = await batch(year, after);
        refunded += b.refunded;
        if (b.last === null) break;
        after = b.last;
      }
    }
    ranOn = today;
    return { refunded };
  }

  return { receive, run };
}
