import type { Db, StockLoanAccrualTable, StockLoanTable, Tx } from '@kabuto/db';
import { STOCK_LOAN_CODE } from '@kabuto/domain';
import { type Insertable, type Selectable, sql } from 'kysely';

/** Every statement on `stock_loan` and `stock_loan_accrual`. */

type Q = Db | Tx;
export type LoanRow = Selectable<StockLoanTable>;
export type AccrualRow = Selectable<StockLoanAccrualTable>;

export const insertLoan = (tx: Tx, v: Insertable<StockLoanTable>) =>
  tx.insertInto('stock_loan').values(v).returningAll().executeTakeFirstOrThrow();

export const getLoan = (q: Q, userId: bigint, id: bigint) =>
  q
    .selectFrom('stock_loan')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();

export const lockLoan = (tx: Tx, id: bigint) =>
  tx.selectFrom('stock_loan').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** The open loan of a position, locked. */
export const lockOpenLoanOf = (tx: Tx, positionId: bigint) =>
  tx
    .selectFrom('stock_loan')
    .selectAll()
    .where('position_id', '=', positionId)
    .where('status', '=', STOCK_LOAN_CODE.lent)
    .forUpdate()
    .executeTakeFirst();

/** The open loans of a user's positions (position id → loan id). */
export const openLoansOf = (q: Q, userId: bigint) =>
  q
    .selectFrom('stock_loan')
    .select(['id', 'position_id'])
    .where('user_id', '=', userId)
    .where('status', '=', STOCK_LOAN_CODE.lent)
    .execute();

/** Open loans of a market, by id (the daily job's work). */
export const openLoanIds = (q: Q, market: string, afterId: bigint, limit: number) =>
  q
    .selectFrom('stock_loan')
    .select('id')
    .where('status', '=', STOCK_LOAN_CODE.lent)
    .where('market', '=', market)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();

/** A user's loans of a market, newest first. */
export const userLoans = (q: Q, userId: bigint, market: string) =>
  q
    .selectFrom('stock_loan')
    .selectAll()
    .where('user_id', '=', userId)
    .where('market', '=', market)
    .orderBy('id', 'desc')
    .limit(500)
    .execute();

/** Insert accrual days; a day already there is kept as it is. Returns the rows inserted. */
export const insertAccruals = (tx: Tx, rows: readonly Insertable<StockLoanAccrualTable>[]) =>
  rows.length === 0
    ? Promise.resolve([])
    : tx
        .insertInto('stock_loan_accrual')
        .values([...rows])
        .onConflict((oc) => oc.columns(['loan_id', 'day']).doNothing())
        .returning(['day', 'fee'])
        .execute();

export const accrued = (tx: Tx, id: bigint, v: { fee: bigint; through: string; ratePpm: bigint; at: Date }) =>
  tx
    .updateTable('stock_loan')
    .set({
      accrued: sql`accrued + ${v.fee}`,
      accrued_through: v.through,
      rate_ppm: v.ratePpm,
      updated_at: v.at,
    })
    .where('id', '=', id)
    .execute();

export const unpaidAccruals = (tx: Tx, loanId: bigint) =>
  tx
    .selectFrom('stock_loan_accrual')
    .select(['day', 'fee'])
    .where('loan_id', '=', loanId)
    .where('paid_transfer', 'is', null)
    .where('fee', '>', 0n)
    .orderBy('day')
    .execute();

export const markPaid = async (
  tx: Tx,
  loanId: bigint,
  days: readonly string[],
  transferId: bigint,
  amount: bigint,
  at: Date,
) => {
  await tx
    .updateTable('stock_loan_accrual')
    .set({ paid_transfer: transferId })
    .where('loan_id', '=', loanId)
    .where('day', 'in', [...days])
    .execute();
  await tx
    .updateTable('stock_loan')
    .set({ paid: sql`paid + ${amount}`, updated_at: at })
    .where('id', '=', loanId)
    .execute();
};

export const markRecalled = (tx: Tx, id: bigint, status: number, reason: 'user' | 'sell', at: Date) =>
  tx
    .updateTable('stock_loan')
    .set({ status, recall_reason: reason, recalled_at: at, updated_at: at })
    .where('id', '=', id)
    .execute();

/** Loans for the back office, filtered by status, market, account or symbol. */
export const listLoans = async (
  q: Q,
  f: { status?: number; market?: string; account?: string; symbol?: string; page: number; size: number },
) => {
  let base = q.selectFrom('stock_loan as l').innerJoin('app_user as u', 'u.id', 'l.user_id');
  if (f.status !== undefined) base = base.where('l.status', '=', f.status);
  if (f.market) base = base.where('l.market', '=', f.market);
  if (f.account) base = base.where('u.account', '=', f.account);
  if (f.symbol) base = base.where('l.symbol', '=', f.symbol);
  const rows = await base
    .selectAll('l')
    .select('u.account')
    .orderBy('l.id', 'desc')
    .limit(f.size)
    .offset((f.page - 1) * f.size)
    .execute();
  const { n } = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
};
