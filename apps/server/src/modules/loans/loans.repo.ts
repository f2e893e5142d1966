import type { Database, Db, LoanStatus, Tx } from '@kabuto/db';
import { type Expression, type Insertable, sql } from 'kysely';
import type { VerifiedSql } from '../../shared/identity.ts';
import {
  countPendingReviews,
  hasPendingReview,
  type QueuePage,
  queuePage,
} from '../../shared/review-queue.ts';

type Q = Db | Tx;

const LOAN = [
  'l.id',
  'l.order_no',
  'l.user_id',
  'l.currency',
  'l.amount',
  'l.rate_ppm',
  'l.status',
  'l.reason',
  'l.interest_paid',
  'l.created_at',
  'l.decided_at',
  'l.repaid_at',
] as const;

export const creditScore = async (q: Q, userId: bigint): Promise<number | null> =>
  (await q.selectFrom('credit_profile').select('score').where('user_id', '=', userId).executeTakeFirst())
    ?.score ?? null;

export const limits = (q: Q, userId: bigint) =>
  q.selectFrom('loan_limit').select(['currency', 'amount']).where('user_id', '=', userId).execute();

export const limitOf = async (q: Q, userId: bigint, currency: string): Promise<bigint> =>
  (
    await q
      .selectFrom('loan_limit')
      .select('amount')
      .where('user_id', '=', userId)
      .where('currency', '=', currency)
      .executeTakeFirst()
  )?.amount ?? 0n;

/** The limit an operator set for a wallet, if any. */
export const limitRowOf = async (q: Q, userId: bigint, currency: string): Promise<bigint | undefined> =>
  (
    await q
      .selectFrom('loan_limit')
      .select('amount')
      .where('user_id', '=', userId)
      .where('currency', '=', currency)
      .executeTakeFirst()
  )?.amount;

/** Unpaid principal per currency (approved, not repaid). */
export const outstanding = (q: Q, userId: bigint) =>
  q
    .selectFrom('loan')
    .select(['currency', (eb) => eb.fn.sum<string>('amount').as('total')])
    .where('user_id', '=', userId)
    .where('status', '=', 1)
    .groupBy('currency')
    .execute();

/**
 * The credit score, unpaid principal per currency and limits per currency as one JSON value inside a
 * larger query (getUserinfo's); amounts as text.
 */
export const creditJson = (userId: Expression<bigint>, verified: VerifiedSql) =>
  sql<{
    verified: boolean;
    score: number | null;
    owed: { currency: string; total: string }[] | null;
    limits: { currency: string; amount: string }[] | null;
  }>`json_build_object(
    'verified', ${verified(userId)},
    'score', (select c.score from credit_profile c where c.user_id = ${userId}),
    'owed', (select json_agg(json_build_object('currency', o.currency, 'total', o.total::text))
      from (select l.currency, sum(l.amount) as total from loan l where l.user_id = ${userId} and l.status = 1
        group by l.currency) o),
    'limits', (select json_agg(json_build_object('currency', m.currency, 'amount', m.amount::text))
      from loan_limit m where m.user_id = ${userId}))`;

export const hasPending = (q: Q, userId: bigint) => hasPendingReview(q, 'loan', userId);

export const insertLoan = (q: Q, v: Insertable<Database['loan']>) =>
  q.insertInto('loan').values(v).returning(['id', 'order_no']).executeTakeFirstOrThrow();

export const userLoans = (q: Q, userId: bigint, currency?: string, limit = 200) => {
  let s = q.selectFrom('loan as l').select(LOAN).where('l.user_id', '=', userId);
  if (currency) s = s.where('l.currency', '=', currency);
  return s.orderBy('l.id', 'desc').limit(limit).execute();
};

export const lockLoan = (tx: Tx, id: bigint) =>
  tx.selectFrom('loan as l').select(LOAN).where('l.id', '=', id).forUpdate().executeTakeFirst();

/** The unpaid loans of a wallet, locked, oldest first. */
export const lockUnpaid = (tx: Tx, userId: bigint, currency: string) =>
  tx
    .selectFrom('loan as l')
    .select(LOAN)
    .where('l.user_id', '=', userId)
    .where('l.currency', '=', currency)
    .where('l.status', '=', 1)
    .orderBy('l.id')
    .forUpdate()
    .execute();

export const setStatus = (
  tx: Tx,
  id: bigint,
  set: {
    status: LoanStatus;
    reason?: string | null;
    decided_at?: Date;
    decided_by?: bigint;
    interest_paid?: bigint;
    repaid_at?: Date;
    repay_order_no?: string;
  },
) => tx.updateTable('loan').set(set).where('id', '=', id).execute();

export function queue(q: Q, f: QueuePage) {
  let base = q.selectFrom('loan as l');
  // "approved" covers loans still unpaid and loans repaid since.
  if (f.status === 'pending') base = base.where('l.status', '=', 0);
  if (f.status === 'approved') base = base.where('l.status', 'in', [1, 3]);
  if (f.status === 'rejected') base = base.where('l.status', '=', 2);
  const rows = base
    .innerJoin('app_user as u', 'u.id', 'l.user_id')
    .leftJoin('operator as o', 'o.id', 'l.decided_by')
    .leftJoin('credit_profile as c', 'c.user_id', 'l.user_id')
    .select([...LOAN, 'u.account', 'o.username as decided_by_name', 'c.score']);
  return queuePage(rows, base, 'l.id', f);
}

export const countPending = (q: Q) => countPendingReviews(q, 'loan');

export const userExists = async (q: Q, userId: bigint) =>
  (await q.selectFrom('app_user').select('account').where('id', '=', userId).executeTakeFirst())?.account;

export const upsertScore = (q: Q, userId: bigint, score: number, at: Date) =>
  q
    .insertInto('credit_profile')
    .values({ user_id: userId, score, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ score, updated_at: at }))
    .execute();

export const upsertLimit = (q: Q, userId: bigint, currency: string, amount: bigint, at: Date) =>
  q
    .insertInto('loan_limit')
    .values({ user_id: userId, currency, amount, updated_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'currency']).doUpdateSet({ amount, updated_at: at }))
    .execute();
