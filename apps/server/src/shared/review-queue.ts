import type { MailNoticeKind } from '@kabuto/contract';
import { type Db, type Tx, withTx } from '@kabuto/db';
import {
  type Clock,
  type Currency,
  formatUnits,
  ISO_CODE,
  REVIEW,
  REVIEW_CODE,
  REVIEW_STATE,
  type ReviewState,
  toUnixSeconds,
} from '@kabuto/domain';
import { type SelectQueryBuilder, sql } from 'kysely';
import { refuse } from '../lib/errors.ts';
import { plainAmount } from './amounts.ts';
import { audit } from './audit.ts';
import { mailNotice } from './mail/index.ts';
import type { NoticeTemplate } from './notice-templates.ts';
import { sendNotice } from './notices.ts';

/**
 * The operator review, written once for every kind of application (KYC submissions, deposits,
 * withdrawals, loans, and the day-trading applications to come):
 *
 *   hold (the application waits, pending; a withdrawal's amount is held by a pending transfer)
 *   → decide once (the row is locked; a decided one is refused by the review status machine)
 *   → post or void (the kind's money moves, or its hold is released)
 *   → notify (a site message to the applicant)
 *   → audit (one line, in the same transaction)
 *
 * and the back office's paginated queue of them. A kind says how to lock its row, read its state,
 * settle the money, word the message and record the decision; the order of the steps, the refusals and
 * the audit line are the same for all.
 */

/** The operator who decides (an `Operator` of the back office). */
export interface Reviewer {
  id: bigint;
  username: string;
}

/** An operator's decision on one application. */
export interface DecisionInput {
  id: bigint;
  approve: boolean;
  /** Required to reject. */
  reason?: string;
}

/** The decision as a kind's steps see it. */
export interface Decision {
  approve: boolean;
  /** The review's new state: approved or rejected. */
  state: Exclude<ReviewState, 'pending'>;
  reason: string | null;
  at: Date;
  by: Reviewer;
}

export interface ReviewKind<Row extends { id: bigint; user_id: bigint }, Settled = void> {
  /** Names the audit line: action `<name>.approve` / `<name>.reject`, target `<name>:<id>`. */
  name: string;
  /** The application, locked for the decision (undefined: not found). */
  lock(tx: Tx, id: bigint): Promise<Row | undefined>;
  /** Its state as a review (a repaid loan, say, was approved). */
  state(row: NoInfer<Row>): ReviewState;
  /** Post or void: the money of the decision, before anything else is written. May refuse. */
  settle(tx: Tx, row: NoInfer<Row>, d: Decision): Promise<Settled>;
  /** The site messages to the applicant; a rejection's also gets `{reason}`. */
  notices: { approved: NoticeTemplate; rejected: NoticeTemplate };
  /** The notice by mail the same messages go out as, when the user has switched it on (withdrawals). */
  mail?: MailNoticeKind;
  /** The messages' parameters. */
  params(row: NoInfer<Row>): Record<string, string | number>;
  /** Write the decision on the application's row. */
  record(tx: Tx, row: NoInfer<Row>, d: Decision, settled: NoInfer<Settled>): Promise<unknown>;
  /** What the audit line keeps of the application. */
  detail(row: NoInfer<Row>): Record<string, unknown>;
}

/** A kind whose decision moves no money (KYC). */
export const noMoney = async (): Promise<void> => undefined;

/** Decides applications of one kind: every step of the review, in one transaction. */
export function reviewDecider<Row extends { id: bigint; user_id: bigint }, Settled>(
  deps: { db: Db; clock: Clock },
  kind: ReviewKind<Row, Settled>,
) {
  return async function decide(op: Reviewer, input: DecisionInput): Promise<void> {
    if (!input.approve && !input.reason) refuse('admin.reasonRequired');
    const at = new Date(deps.clock.now());
    await withTx(deps.db, async (tx) => {
      const row = await kind.lock(tx, input.id);
      if (!row) return refuse('review.notFound');
      const to = input.approve ? 'approved' : 'rejected';
      if (!REVIEW.can(kind.state(row), to)) return refuse('review.alreadyDecided');
      const d: Decision = { approve: input.approve, state: to, reason: input.reason ?? null, at, by: op };
      const settled = await kind.settle(tx, row, d);
      const params = kind.params(row);
      const template = d.approve ? kind.notices.approved : kind.notices.rejected;
      const noticeParams = d.approve ? params : { ...params, reason: d.reason ?? '' };
      await sendNotice(tx, at, row.user_id, template, noticeParams);
      if (kind.mail) await mailNotice(tx, at, row.user_id, kind.mail, template, noticeParams);
      await kind.record(tx, row, d, settled);
      await audit(
        tx,
        op,
        {
          action: `${kind.name}.${input.approve ? 'approve' : 'reject'}`,
          target: `${kind.name}:${row.id}`,
          reason: input.reason ?? '',
          detail: kind.detail(row),
        },
        at,
      );
    });
  };
}

/** A money application (deposit, withdrawal, loan): an order number, an amount and its currency. */
interface MoneyApplication {
  order_no: string;
  user_id: bigint;
  amount: bigint;
  currency: string;
}

/** The site messages' parameters of a money application. */
export const noticeParams = (row: MoneyApplication) => ({
  order: row.order_no,
  amount: plainAmount(row.amount),
  currency: ISO_CODE[row.currency as Currency],
});

/** What the audit line keeps of a money application. */
export const auditDetail = (row: MoneyApplication) => ({
  order_no: row.order_no,
  user_id: row.user_id,
  currency: row.currency,
  amount: formatUnits(row.amount),
});

/** The decision's columns of a money application's row (a reason is kept for a rejection only). */
export const decisionColumns = (d: Decision) => ({
  status: REVIEW_CODE[d.state],
  reason: d.approve ? null : d.reason,
  decided_at: d.at,
  decided_by: d.by.id,
});

// ---------------------------------------------------------------- the queue

/** The state of a row whose status column holds the review's code. */
export const codedState = (row: { status: 0 | 1 | 2 }): ReviewState => REVIEW_STATE[row.status];

/** The fields every queue row ends with: its state, the decision's reason, times and operator. */
export const decisionFields = <S extends string>(
  status: S,
  row: {
    reason: string | null;
    created_at: Date;
    decided_at: Date | null;
    decided_by_name: string | null;
  },
) => ({
  status,
  reason: row.reason ?? '',
  create_time: toUnixSeconds(row.created_at.getTime()),
  decide_time: row.decided_at ? toUnixSeconds(row.decided_at.getTime()) : null,
  decided_by: row.decided_by_name ?? '',
});

export type QueueStatus = ReviewState | 'all';

export interface QueuePage {
  status: QueueStatus;
  page: number;
  size: number;
}

/**
 * One page of a review queue and the count of its filter. The queue is worked oldest first; decided
 * applications are listed newest first. `rows` is the filtered query with its joins and columns,
 * `base` the filtered query alone (for the count), `id` the column to order by.
 */
export async function queuePage<O>(
  rows: SelectQueryBuilder<any, any, O>,
  base: SelectQueryBuilder<any, any, any>,
  id: string,
  f: QueuePage,
): Promise<{ rows: O[]; total: number }> {
  const [list, total] = await Promise.all([
    rows
      .orderBy(sql.ref(id), f.status === 'pending' ? 'asc' : 'desc')
      .limit(f.size)
      .offset((f.page - 1) * f.size)
      .execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: list, total: Number((total as { n: string | number | bigint }).n) };
}

/** A queue page as the back office lists it: each row in its wire shape, and the filter's count. */
export const listOf = <R, W>(page: { rows: R[]; total: number }, wire: (row: R) => W) => ({
  list: page.rows.map(wire),
  total: page.total,
});

/** Applications kept in a table whose status column holds the review's code (0 pending, 1, 2). */
export type CodedReviewTable = 'deposit' | 'withdrawal' | 'loan';

/** Whether a user has an application of this kind under review. */
export const hasPendingReview = async (q: Db | Tx, table: CodedReviewTable, userId: bigint) =>
  (await q
    .selectFrom(table)
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', REVIEW_CODE.pending)
    .executeTakeFirst()) !== undefined;

/** How many applications of this kind wait for a decision. */
export const countPendingReviews = async (q: Db | Tx, table: CodedReviewTable) =>
  Number(
    (
      await q
        .selectFrom(table)
        .select(sql<string>`count(*)`.as('n'))
        .where('status', '=', REVIEW_CODE.pending)
        .executeTakeFirstOrThrow()
    ).n,
  );
