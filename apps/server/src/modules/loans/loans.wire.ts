import type { BodyOf, DataOf, loansApi } from '@kabuto/contract';
import type { UserDetailContributor } from '../../shared/admin-contributors.ts';
import type { LoanInput, LoanRow, LoanTerms } from './loans.deps.ts';
import type { LoansService } from './loans.service.ts';

/** The loans area's contract names to and from the service's English ones. */

export const loanTerms = (b: BodyOf<typeof loansApi.info>) => ({ currency: b.type, amount: b.money });

export const loanInput = (b: BodyOf<typeof loansApi.apply | typeof loansApi.repay>): LoanInput => ({
  currency: b.type,
  amount: b.money,
});

/** /user/loaninfo's reply: the score as `xyf`, the limit `kjed`, the unpaid principal `yjed`. */
export const loanTermsReply = (t: LoanTerms): DataOf<typeof loansApi.info> => ({
  type: t.currency,
  xyf: t.creditScore,
  kjed: t.limit,
  yjed: t.owed,
  available: t.available,
  rate: t.rate,
  pending: t.pending,
  unpaid: t.unpaid,
  verified: t.verified,
  limit_source: t.limitSource,
  tiers: t.tiers,
  ...(t.dailyInterest !== undefined ? { daily_interest: t.dailyInterest } : {}),
  ...(t.interest30Days !== undefined ? { interest_30d: t.interest30Days } : {}),
});

/** The `credit` and `loans` sections of the back office's user page. */
export const loansUserDetail =
  (loans: Pick<LoansService, 'userDetail'>): UserDetailContributor =>
  async (userId) => {
    const d = await loans.userDetail(userId);
    return {
      credit: d.credit,
      loans: d.loans.map((l) => ({
        id: l.id,
        order_number: l.orderNo,
        currency: l.currency,
        amount: l.amount,
        rate: l.rate,
        status: l.status,
        interest_paid: l.interestPaid,
        reason: l.reason,
        create_time: l.createdAt,
        decide_time: l.decidedAt,
        repay_time: l.repaidAt,
      })),
    };
  };

/** `/user/to_jq`: the application's id and order number. */
export const appliedReply = (r: { id: string; orderNo: string }): DataOf<typeof loansApi.apply> => ({
  id: r.id,
  order_number: r.orderNo,
});

/** `/user/to_hq`: the repayment's order number and what it paid. */
export const repaidReply = (r: {
  orderNo: string;
  principal: string;
  interest: string;
  total: string;
}): DataOf<typeof loansApi.repay> => ({
  order_number: r.orderNo,
  principal: r.principal,
  interest: r.interest,
  total: r.total,
});

/** `/user/loanlist`'s row: the wallet as `type`, the principal as `money`. */
export const loanRow = (l: LoanRow): DataOf<typeof loansApi.list>[number] => ({
  id: l.id,
  order_number: l.orderNo,
  type: l.currency,
  money: l.amount,
  rate: l.rate,
  interest: l.interest,
  status: l.status,
  reason: l.reason,
  create_time: l.createdAt,
  check_time: l.decidedAt,
  repay_time: l.repaidAt,
});
