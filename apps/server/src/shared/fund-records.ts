import type { FundRecordType } from '@kabuto/contract';
import { rowSet, type Tx } from '@kabuto/db';
import type { Currency, Units } from '@kabuto/domain';
import { type RawBuilder, sql } from 'kysely';

/** Fund records (a user's statement lines), written with the transfers they describe. */

export interface FundRecordInput {
  userId: bigint;
  currency: Currency;
  type: FundRecordType;
  orderNo: string;
  /** Signed: + into the user's cash account, − out of it. */
  amount: Units;
  /** The posted transfer (single or post) that moved it. */
  transferId: bigint;
  ref?: string;
  stockName?: string;
  stockCode?: string;
  productName?: string;
  issuer?: string;
  memo?: string;
  at: Date;
}

/**
 * Write fund records for transfers just made in this transaction, in order. Each carries the cash
 * account's posted balance right after it, so a statement's closing balance is the ledger's.
 */
export async function writeFundRecords(tx: Tx, records: readonly FundRecordInput[]): Promise<void> {
  if (records.length === 0) return;
  await fundRecordsInsert(records).execute(tx);
}

/**
 * The statement {@link writeFundRecords} runs, for a caller that folds it into one of its own (as a
 * `with` clause) to save a round trip. It must run after the transfers it describes.
 */
export function fundRecordsInsert(records: readonly FundRecordInput[]): RawBuilder<unknown> {
  // Balance after record i = the cash account's posted balance now − the amounts of the later records
  // of the same account; the balance is read by the insert itself (one round trip).
  const later: Units[] = new Array(records.length);
  const running = new Map<string, Units>();
  for (let i = records.length - 1; i >= 0; i--) {
    const key = `${records[i].userId}:${records[i].currency}`;
    const sum = running.get(key) ?? 0n;
    later[i] = sum;
    running.set(key, sum + records[i].amount);
  }
  const rows = rowSet(
    'v',
    {
      n: 'int4',
      user_id: 'int8',
      currency: 'text',
      type: 'text',
      order_no: 'text',
      amount: 'int8',
      later: 'int8',
      transfer_id: 'int8',
      ref: 'text',
      stock_name: 'text',
      stock_code: 'text',
      product_name: 'text',
      issuer: 'text',
      memo: 'text',
      created_at: 'timestamptz',
    },
    records.map((r, i) => ({
      n: i,
      user_id: r.userId,
      currency: r.currency,
      type: r.type,
      order_no: r.orderNo,
      amount: r.amount,
      later: later[i],
      transfer_id: r.transferId,
      ref: r.ref ?? null,
      stock_name: r.stockName ?? null,
      stock_code: r.stockCode ?? null,
      product_name: r.productName ?? null,
      issuer: r.issuer ?? null,
      memo: r.memo ?? null,
      created_at: r.at,
    })),
  );
  return sql`
    insert into fund_record (user_id, currency, type, order_no, amount, balance, transfer_id, ref,
      stock_name, stock_code, product_name, issuer, memo, created_at)
    select v.user_id, v.currency, v.type, v.order_no, v.amount,
      coalesce(a.credits_posted - a.debits_posted, 0) - v.later,
      v.transfer_id, v.ref, v.stock_name, v.stock_code, v.product_name, v.issuer, v.memo, v.created_at
    from ${rows}
    left join ledger_account a
      on a.owner = v.user_id and a.currency = v.currency and a.kind = 'cash' and a.shard = 0
    order by v.n`;
}
