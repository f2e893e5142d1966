import {
  DAY_TRADE_CODE,
  DAY_TRADE_CODED,
  type DayTradeState,
  dayTradeStateOf,
  formatUnits,
  isDayTradeOver,
  type Market,
  type ReviewState,
} from '@kabuto/domain';
import { refuse } from '../../lib/errors.ts';
import { writeFundRecords } from '../../shared/fund-records.ts';
import { transfer } from '../../shared/ledger.ts';
import * as review from '../../shared/review-queue.ts';
import { loadSettings } from '../../shared/settings.ts';
import type { DayTradeDeps } from './day-trade.deps.ts';
import type { ApplicationRow } from './day-trade.repo.ts';
import * as repo from './day-trade.repo.ts';

/** The application's state as a review: in review is pending; rejected and failed were not approved. */
export function reviewStateOf(row: { status: number }): ReviewState {
  const s = dayTradeStateOf(row.status);
  if (s === 'review') return 'pending';
  return s === 'rejected' || s === 'failed' ? 'rejected' : 'approved';
}

/** The parameters of the application's site messages. */
export const messageParams = (row: ApplicationRow) => ({
  ...review.noticeParams(row),
  date: row.trade_date,
});

/**
 * The operator's review of day-trading applications, through the shared review queue: approve (the
 * suitability is checked again: KYC verified, not restricted, no unpaid loan, its day not over; the
 * hold is posted and becomes the day's line) or reject with a reason (the hold is voided).
 */
export function dayTradeReview(d: DayTradeDeps) {
  const { db } = d;

  /** Why an application is not suitable, as the refusal the operator reads; null when it is. */
  async function suitability(userId: bigint) {
    const [identity, state, unpaid] = await Promise.all([
      d.identity(userId),
      repo.userState(db, userId),
      d.hasUnpaidLoan(userId),
    ]);
    return { kyc: identity !== null, restricted: state === 'restricted', unpaidLoan: unpaid };
  }

  /** The review's steps, for a forced-close setting read before the transaction. */
  const decider = (minutes: number) =>
    review.reviewDecider(d, {
      name: 'day_trade',
      lock: repo.lockApplication,
      state: reviewStateOf,
      async settle(tx, row, { approve, at }) {
        if (!approve) {
          await transfer(tx, [{ type: 'void', pendingId: row.hold_transfer }]);
          return;
        }
        // (its suitability was checked before this transaction: see decide)
        if (isDayTradeOver(row.market as Market, row.trade_date, minutes, at.getTime()))
          refuse('dayTrade.dayOver');
        const ref = `daytrade:${row.order_no}`;
        const [posted] = await transfer(tx, [
          { type: 'post', pendingId: row.hold_transfer, operationRef: ref },
        ]);
        await writeFundRecords(tx, [
          {
            userId: row.user_id,
            currency: row.currency as Market,
            type: 'day_trade',
            orderNo: row.order_no,
            amount: -row.amount,
            transferId: posted.id,
            ref,
            at,
          },
        ]);
      },
      notices: { approved: 'dayTradeApproved', rejected: 'dayTradeRejected' },
      params: messageParams,
      record: (tx, row, decision) =>
        repo.setStatus(tx, row.id, {
          status: DAY_TRADE_CODED.move(row.status, DAY_TRADE_CODE[decision.state]),
          reason: decision.approve ? null : decision.reason,
          decided_at: decision.at,
          decided_by: decision.by.id,
        }),
      detail: (row) => ({ ...review.auditDetail(row), trade_date: row.trade_date }),
    });

  /**
   * Decide one application. An approval is checked for suitability first (KYC verified, not restricted,
   * no unpaid loan), each read where it lives, before the decision's transaction.
   */
  async function decide(op: review.Reviewer, input: review.DecisionInput): Promise<void> {
    const minutes = (await loadSettings(db)).day_trade_forced_close_minutes;
    if (input.approve) {
      const row = await repo.getApplication(db, input.id);
      if (row && reviewStateOf(row) === 'pending') {
        const s = await suitability(row.user_id);
        if (!s.kyc) refuse('dayTrade.notVerified');
        if (s.restricted) refuse('dayTrade.restricted');
        if (s.unpaidLoan) refuse('dayTrade.unpaidLoan');
      }
    }
    await decider(minutes)(op, input);
  }

  /** The back office's queue, each row with its suitability. */
  async function queue(f: review.QueuePage) {
    const { rows, total } = await repo.queue(db, f);
    return {
      list: await Promise.all(
        rows.map(async (a) => {
          const s = await suitability(a.user_id);
          const stage: DayTradeState = dayTradeStateOf(a.status);
          return {
            id: String(a.id),
            order_number: a.order_no,
            user_id: String(a.user_id),
            account: a.account,
            currency: a.currency,
            amount: formatUnits(a.amount),
            stage,
            trade_date: a.trade_date,
            kyc: s.kyc,
            restricted: s.restricted,
            unpaid_loan: s.unpaidLoan,
            payout: formatUnits(a.payout ?? 0n),
            pnl: formatUnits(a.pnl ?? 0n),
            ...review.decisionFields(reviewStateOf(a), a),
          };
        }),
      ),
      total,
    };
  }

  const pendingCount = async () => ({ daytrades: await repo.countPending(db) });

  return { decide, queue, pendingCount };
}

export type DayTradeReview = ReturnType<typeof dayTradeReview>;
