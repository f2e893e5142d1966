import type { Db, Tx } from '@kabuto/db';
import { sql } from 'kysely';

type Q = Db | Tx;

const count = async (q: { executeTakeFirstOrThrow(): Promise<{ n: string | number | bigint }> }) =>
  Number((await q.executeTakeFirstOrThrow()).n);

// ---------------------------------------------------------------- fund records

const RECORD = [
  'id',
  'currency',
  'type',
  'order_no',
  'amount',
  'balance',
  'transfer_id',
  'stock_name',
  'stock_code',
  'product_name',
  'issuer',
  'memo',
  'created_at',
] as const;

export interface RecordFilter {
  currency?: string;
  type?: string;
  /** [from, to) */
  from?: Date;
  to?: Date;
}

function recordsQuery(q: Q, userId: bigint, f: RecordFilter) {
  let s = q.selectFrom('fund_record').where('user_id', '=', userId);
  if (f.currency) s = s.where('currency', '=', f.currency);
  if (f.type) s = s.where('type', '=', f.type);
  if (f.from) s = s.where('created_at', '>=', f.from);
  if (f.to) s = s.where('created_at', '<', f.to);
  return s;
}

/**
 * A page of records, newest first (time, then id: records of one instant keep a fixed order). The page's
 * ids are found in the user's records index (user, time, id, wallet, type) alone, so a page deep in a long
 * history steps over index entries, not table rows, and reads only its own rows; with `after` (the id of
 * the last record shown) the page starts right after that record by a seek, whatever its number.
 */
export async function pageRecords(
  q: Q,
  userId: bigint,
  f: RecordFilter,
  page: { page: number; size: number; after?: bigint },
) {
  const base = recordsQuery(q, userId, f);
  let ids = base.select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.size);
  ids =
    page.after === undefined
      ? ids.offset((page.page - 1) * page.size)
      : ids.where(
          sql<boolean>`(created_at, id) < (select c.created_at, c.id from fund_record c where c.id = ${page.after} and c.user_id = ${userId})`,
        );
  const [rows, total] = await Promise.all([
    q
      .selectFrom('fund_record')
      .select(RECORD)
      .where('id', 'in', ids)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    count(base.select((eb) => eb.fn.countAll<string>().as('n'))),
  ]);
  return { rows, total };
}

/**
 * Records of a range in the order they were written (statements). Records of one wallet are written
 * while its cash account is locked, so their ids follow the order of their balances.
 */
export const rangeRecords = (q: Q, userId: bigint, f: RecordFilter) =>
  recordsQuery(q, userId, f).select(RECORD).orderBy('id').limit(100_000).execute();

/** The balance after the last record of a wallet before an instant (0 when there is none). */
export async function balanceBefore(q: Q, userId: bigint, currency: string, before: Date): Promise<bigint> {
  const r = await q
    .selectFrom('fund_record')
    .select('balance')
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .where('created_at', '<', before)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r?.balance ?? 0n;
}

/** Wallets with records before an instant. */
export const recordCurrencies = async (q: Q, userId: bigint, before: Date) =>
  (
    await q
      .selectFrom('fund_record')
      .select('currency')
      .distinct()
      .where('user_id', '=', userId)
      .where('created_at', '<', before)
      .execute()
  ).map((r) => r.currency);
