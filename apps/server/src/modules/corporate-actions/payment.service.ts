import { type Db, type Tx, withTx } from '@kabuto/db';
import { type Clock, localDate, MARKETS, type Market } from '@kabuto/domain';
import type { TransferRequest } from '@kabuto/ledger';
import type { MarketDataProvider } from '@kabuto/market';
import { type FundRecordInput, writeFundRecords } from '../../shared/fund-records.ts';
import { transferMany } from '../../shared/ledger.ts';
import type { DividendReceived } from '../tax/index.ts';
import * as repo from './corporate-actions.repo.ts';
import { accountsFor } from './split.service.ts';

/** The memo of a dividend's "tax withheld" record: national and local in one line. */
export const DIVIDEND_TAX_MEMO = 'national+local';

export interface PaymentNeeds {
  /** Tax's side of a holder's yen dividend: it joins the year's netting (源泉徴収あり accounts). */
  receiveDividends: (tx: Tx, rows: readonly DividendReceived[], at: number) => Promise<void>;
}

/**
 * The payment date of a dividend: each entitlement still unpaid moves from the user's `dividend`
 * account to cash, in batches of `batchSize` entitlements in position order (each its own transaction, each
 * entitlement marked paid with its transfers, so a re-run pays only what is left; a run keeps its place, the
 * last batch's last position).
 *
 * A holder's dividend (a cash long, not lent) is taxed here, in its batch's transaction: the dividend
 * after any foreign tax reaches cash, then the Japanese tax moves from cash to the platform's
 * `tax_withheld` account of the dividend's currency, national and local together: one transfer
 * (`tax_dividend`) and one "tax withheld" record, the parts kept on the entitlement, which names that
 * transfer as both its national and its local one (none in NISA). A Japanese stock's dividend in a 源泉徴収あり account joins its tax year, where
 * the year's losses may offset it (the tax module's daily netting refunds that tax). A lender's
 * equivalent is paid as it was booked, net (it is not a dividend; no tax moves).
 */
export function dividendPayer(
  d: { db: Db; clock: Clock; market: MarketDataProvider; batchSize: number },
  needs: PaymentNeeds,
) {
  const { db, clock, market, batchSize } = d;
  const nameOf = (symbol: string) => market.instrument(symbol)?.names.jp ?? symbol;

  /**
   * One batch of an action's payments, after the position `after`: the number paid (0 when none is left)
   * and the batch's last position.
   */
  async function payBatch(actionId: bigint, after: bigint): Promise<{ paid: number; last: bigint }> {
    const now = clock.now();
    const at = new Date(now);
    return withTx(db, async (tx) => {
      const a = await repo.lockPayment(tx, actionId);
      if (!a) return { paid: 0, last: after };
      const rows = await repo.unpaidEntitlements(tx, a.id, after, batchSize);
      if (rows.length === 0) {
        await repo.markPaid(tx, a.id, at);
        return { paid: 0, last: after };
      }
      const mkt = a.market as Market;
      const acc = await accountsFor(
        tx,
        mkt,
        rows.map((r) => ({ user: r.user_id, kinds: ['dividend', 'cash'] as const })),
        { taxWithheld: true },
      );
      const reqs: TransferRequest[] = [];
      const records: Omit<FundRecordInput, 'transferId'>[] = [];
      const index: { paid: number; tax: number | null }[] = [];
      const received: DividendReceived[] = [];
      for (const r of rows) {
        const u = r.user_id;
        const ref = `corporate_action:${a.id}:${r.id}`;
        const taxed = r.role === 'holder';
        const tax = taxed ? r.national_tax + r.local_tax : 0n;
        const base = {
          userId: u,
          currency: mkt,
          orderNo: r.order_no,
          ref: `corporate_action:${a.id}`,
          stockName: nameOf(a.symbol),
          stockCode: a.symbol,
          at,
        };
        const i = { paid: reqs.length, tax: null as number | null };
        reqs.push({
          type: 'single',
          debitAccountId: acc.dividend(u).id,
          creditAccountId: acc.cash(u).id,
          amount: r.amount + tax,
          currency: mkt,
          code: 'dividend',
          operationRef: ref,
        });
        records.push({ ...base, type: 'dividend', amount: r.amount + tax, memo: r.role });
        if (tax > 0n) {
          // national and local in one transfer and one record: the parts are the entitlement's
          i.tax = reqs.length;
          reqs.push({
            type: 'single',
            debitAccountId: acc.cash(u).id,
            creditAccountId: acc.taxWithheld(u).id,
            amount: tax,
            currency: mkt,
            code: 'tax_dividend',
            operationRef: ref,
          });
          records.push({ ...base, type: 'tax_withheld', amount: -tax, memo: DIVIDEND_TAX_MEMO });
        }
        index.push(i);
        if (taxed && !r.nisa && mkt === 'jpy')
          received.push({
            userId: u,
            dividend: r.amount + tax,
            national: r.national_tax,
            local: r.local_tax,
          });
      }
      const done = await transferMany(tx, reqs, acc.locked);
      await repo.markEntitlementsPaid(
        tx,
        rows.map((r, k) => ({
          id: r.id,
          transfer: done[index[k].paid].id,
          tax: index[k].tax === null ? null : done[index[k].tax!].id,
        })),
        at,
      );
      await writeFundRecords(
        tx,
        records.map((x, k) => ({ ...x, transferId: done[k].id })),
      );
      await needs.receiveDividends(tx, received, now);
      return { paid: rows.length, last: rows[rows.length - 1].position_id };
    });
  }

  /** Pay the dividends whose payment date has come, once, batch by batch. */
  async function payDue(): Promise<number> {
    const now = clock.now();
    let paid = 0;
    for (const m of MARKETS)
      for (const due of await repo.duePayments(db, m, localDate(m, now)))
        for (let after = 0n; ; ) {
          const batch = await payBatch(due.id, after);
          paid += batch.paid;
          if (batch.paid === 0) break;
          after = batch.last;
        }
    return paid;
  }

  return { payDue };
}
