import { withTx } from '@kabuto/db';
import {
  type Currency,
  formatPercent,
  formatUnits,
  LOAN,
  LOAN_CODE,
  LOAN_STATE,
  REVIEW_STATE,
  toUnixSeconds,
  type Units,
} from '@kabuto/domain';
import { platformAccount, userAccount } from '@kabuto/ledger';
import type { Deps } from '../../deps.ts';
import { refuse } from '../../lib/errors.ts';
import { audit } from '../../shared/audit.ts';
import { writeFundRecords } from '../../shared/fund-records.ts';
import { transfer } from '../../shared/ledger.ts';
import * as review from '../../shared/review-queue.ts';
import type { Operator } from '../../shared/sessions.ts';
import { loadSettings } from '../../shared/settings.ts';
import { type CreditLimits, owedByCurrency } from './credit-limit.ts';
import type { LoansDetail } from './loans.deps.ts';
import * as repo from './loans.repo.ts';

/** The back office's loans: the queue, the decision (the payout), a user's credit, the user page. */
export function loansAdmin(deps: Deps, creditRule: CreditLimits) {
  const { db, clock } = deps;
  const borrowed = (userId: bigint) => owedByCurrency(db, userId);

  async function queue(f: review.QueuePage) {
    const { rows, total } = await repo.queue(db, f);
    const settings = await loadSettings(db);
    return {
      list: await Promise.all(
        rows.map(async (l) => {
          const owed = (await borrowed(l.user_id)).get(l.currency) ?? 0n;
          const { limit } = await creditRule.limitOf(db, l.user_id, l.currency as Currency);
          return {
            id: String(l.id),
            order_number: l.order_no,
            user_id: String(l.user_id),
            account: l.account,
            currency: l.currency,
            amount: formatUnits(l.amount),
            rate: formatPercent(BigInt(l.rate_ppm)),
            credit_score: l.score ?? settings.credit_score_default,
            limit: formatUnits(limit),
            borrowed: formatUnits(owed),
            ...review.decisionFields(LOAN_STATE[l.status], l),
          };
        }),
      ),
      total,
    };
  }

  /** Approve: platform loans → user cash, and the user's loan account records what is owed. */
  const decide = review.reviewDecider(deps, {
    name: 'loan',
    lock: repo.lockLoan,
    // a repaid loan was approved
    state: (l) => (LOAN_STATE[l.status] === 'repaid' ? 'approved' : REVIEW_STATE[l.status as 0 | 1 | 2]),
    async settle(tx, l, { approve, at }) {
      if (!approve) return;
      const currency = l.currency as Currency;
      // The limit may have changed since the application.
      const owed = (await repo.outstanding(tx, l.user_id)).find((r) => r.currency === currency);
      const { limit } = await creditRule.limitOf(tx, l.user_id, currency, true);
      if (l.amount > limit - BigInt(owed?.total ?? 0)) refuse('loan.insufficientQuota');
      const book = await platformAccount(tx, 'loans', currency);
      const cash = await userAccount(tx, l.user_id, currency, 'cash');
      const debt = await userAccount(tx, l.user_id, currency, 'loan');
      const ref = `loan:${l.id}`;
      const [payout] = await transfer(tx, [
        {
          type: 'single',
          debitAccountId: book.id,
          creditAccountId: cash.id,
          amount: l.amount,
          currency,
          code: 'loan',
          operationRef: ref,
        },
        {
          type: 'single',
          debitAccountId: debt.id,
          creditAccountId: book.id,
          amount: l.amount,
          currency,
          code: 'loan',
          operationRef: ref,
        },
      ]);
      await writeFundRecords(tx, [
        {
          userId: l.user_id,
          currency,
          type: 'loan',
          orderNo: l.order_no,
          amount: l.amount,
          transferId: payout.id,
          ref,
          at,
        },
      ]);
    },
    notices: { approved: 'loanApproved', rejected: 'loanRejected' },
    params: (l) => ({ ...review.noticeParams(l), rate: formatPercent(BigInt(l.rate_ppm)) }),
    record: (tx, l, decision) =>
      repo.setStatus(tx, l.id, {
        ...review.decisionColumns(decision),
        status: LOAN_CODE[LOAN.move(LOAN_STATE[l.status], decision.state)],
      }),
    detail: review.auditDetail,
  });

  /** Credit score and (optionally) one wallet's loan limit, set by an operator with a reason. */
  async function setCredit(
    op: Operator,
    input: { id: bigint; score: number; currency: Currency; limit?: Units; reason: string },
  ) {
    const now = new Date(clock.now());
    await withTx(db, async (tx) => {
      const account = await repo.userExists(tx, input.id);
      if (!account) return refuse('account.notFound');
      const before = {
        score: await repo.creditScore(tx, input.id),
        limit: formatUnits(await repo.limitOf(tx, input.id, input.currency)),
      };
      await repo.upsertScore(tx, input.id, input.score, now);
      if (input.limit !== undefined) await repo.upsertLimit(tx, input.id, input.currency, input.limit, now);
      await audit(
        tx,
        op,
        {
          action: 'user.credit',
          target: `user:${account}`,
          reason: input.reason,
          detail: {
            before,
            after: {
              score: input.score,
              currency: input.currency,
              limit: input.limit === undefined ? undefined : formatUnits(input.limit),
            },
          },
        },
        now,
      );
    });
  }

  /** The credit and the recent loans of a user, for the back office's user page. */
  async function userDetail(userId: bigint): Promise<LoansDetail> {
    const [creditScore, limits, loans] = await Promise.all([
      creditRule.score(db, userId),
      repo.limits(db, userId),
      repo.userLoans(db, userId, undefined, 50),
    ]);
    const t = (d: Date | null) => (d ? toUnixSeconds(d.getTime()) : null);
    return {
      credit: {
        score: creditScore,
        limits: Object.fromEntries(limits.map((l) => [l.currency, formatUnits(l.amount)])),
      },
      loans: loans.map((l) => ({
        id: String(l.id),
        orderNo: l.order_no,
        currency: l.currency,
        amount: formatUnits(l.amount),
        rate: formatPercent(BigInt(l.rate_ppm)),
        status: LOAN_STATE[l.status],
        interestPaid: formatUnits(l.interest_paid),
        reason: l.reason ?? '',
        createdAt: toUnixSeconds(l.created_at.getTime()),
        decidedAt: t(l.decided_at),
        repaidAt: t(l.repaid_at),
      })),
    };
  }

  const pendingCount = async () => ({ loans: await repo.countPending(db) });

  return { queue, decide, setCredit, userDetail, pendingCount };
}
