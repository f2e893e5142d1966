import { type Db, rowSet, type StockLoanAccrualTable, type StockLoanTable, type Tx } from '@kabuto/db';
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

/** Open loans of a market, by id after a cursor (the daily job's work), with their symbols. */
export const openLoanIds = (q: Q, market: string, afterId: bigint, limit: number) =>
  q
    .selectFrom('stock_loan')
    .select(['id', 'symbol'])
    .where('status', '=', STOCK_LOAN_CODE.lent)
    .where('market', '=', market)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();

/** Lock loans (in id order, so two batches on the same loans queue instead of deadlocking); the open ones. */
export async function lockOpenLoans(tx: Tx, ids: readonly bigint[]): Promise<LoanRow[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .selectFrom('stock_loan')
    .selectAll()
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.filter((l) => l.status === STOCK_LOAN_CODE.lent);
}

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

export type AccrualInsert = Omit<Insertable<StockLoanAccrualTable>, 'paid_transfer' | 'created_at'>;

/**
 * Insert accrual days of any number of loans in one statement (the rows as one parameter); a day
 * already there is kept as it is. Returns the rows inserted (loan and fee).
 */
export async function insertAccruals(
  tx: Tx,
  rows: readonly AccrualInsert[],
): Promise<{ loan_id: bigint; fee: bigint }[]> {
  if (rows.length === 0) return [];
  const r = await sql<{ loan_id: bigint; fee: bigint }>`
    insert into stock_loan_accrual (loan_id, day, close_day, close, value, rate_ppm, fee)
    select loan_id, day, close_day, close, value, rate_ppm, fee
    from ${rowSet(
      'v',
      {
        loan_id: 'int8',
        day: 'text',
        close_day: 'text',
        close: 'int8',
        value: 'int8',
        rate_ppm: 'int8',
        fee: 'int8',
      },
      rows,
    )}
    on conflict (loan_id, day) do nothing
    returning loan_id, fee`.execute(tx);
  return r.rows;
}

/** Loans' running totals after an accrual, in one statement: fee added, last day and rate of the accrual. */
export async function accrued(
  tx: Tx,
  rows: readonly { id: bigint; fee: bigint; through: string; rate_ppm: bigint }[],
  at: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    update stock_loan l set accrued = l.accrued + v.fee, accrued_through = v.through,
      rate_ppm = v.rate_ppm, updated_at = ${at}
    from ${rowSet('v', { id: 'int8', fee: 'int8', through: 'text', rate_ppm: 'int8' }, rows)}
    where l.id = v.id`.execute(tx);
}

/**
 * The unpaid days (fee above zero) of some loans, by loan and day: all of them, or those before a day
 * (`before`: the first day of the month a payment run is in).
 */
export const unpaidAccruals = (tx: Tx, loanIds: readonly bigint[], before: string | null) =>
  loanIds.length === 0
    ? Promise.resolve([])
    : tx
        .selectFrom('stock_loan_accrual')
        .select(['loan_id', 'day', 'fee'])
        .where('loan_id', 'in', [...loanIds])
        .where('paid_transfer', 'is', null)
        .where('fee', '>', 0n)
        .$if(before !== null, (q) => q.where('day', '<', before as string))
        .orderBy('loan_id')
        .orderBy('day')
        .execute();

/**
 * Mark loans' days paid, each loan's by its transfer, and add the amounts to the loans' `paid`: the days
 * {@link unpaidAccruals} read with the same `before` (the loans are locked, and a loan's days are only
 * written under its lock). Returns the days marked, for the caller to check against what it read. (The
 * id list lets the planner reach the days by the key: joined to the row set alone it scans every day of
 * every loan, paid ones included.)
 */
export async function markPaid(
  tx: Tx,
  rows: readonly { loan_id: bigint; transfer_id: bigint; amount: bigint }[],
  before: string | null,
  at: Date,
): Promise<number> {
  if (rows.length === 0) return 0;
  const days = await sql<{ n: string }>`
    with marked as (
      update stock_loan_accrual a set paid_transfer = v.transfer_id
      from ${rowSet('v', { loan_id: 'int8', transfer_id: 'int8', amount: 'int8' }, rows)}
      where a.loan_id = v.loan_id and a.paid_transfer is null and a.fee > 0
        and a.loan_id in (${sql.join(rows.map((r) => r.loan_id))})
        ${before === null ? sql`` : sql`and a.day < ${before}`}
      returning 1)
    select count(*)::text as n from marked`.execute(tx);
  await sql`
    update stock_loan l set paid = l.paid + v.amount, updated_at = ${at}
    from ${rowSet('v', { loan_id: 'int8', transfer_id: 'int8', amount: 'int8' }, rows)}
    where l.id = v.loan_id`.execute(tx);
  return Number(days.rows[0].n);
}

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
