import type { BodyOf, DataOf, fundsApi } from '@kabuto/contract';
import type { UserDetailContributor } from '../../shared/admin-contributors.ts';
import type { LoanInput, LoanTerms } from './loans.deps.ts';
import type { LoansService } from './loans.service.ts';

/** The loans area's contract names to and from the service's English ones. */

export const loanTerms = (b: BodyOf<typeof fundsApi.loaninfo>) => ({ currency: b.type, amount: b.money });

export const loanInput = (b: BodyOf<typeof fundsApi.toJq | typeof fundsApi.toHq>): LoanInput => ({
  currency: b.type,
  amount: b.money,
});

/** /user/loaninfo's reply: the score as `xyf`, the limit `kjed`, the unpaid principal `yjed`. */
export const loanTermsReply = (t: LoanTerms): DataOf<typeof fundsApi.loaninfo> => ({
  type: t.currency,
  xyf: t.creditScore,
  kjed: t.limit,
  yjed: t.owed,
  available: t.available,
  rate: t.rate,
  pending: t.pending,
  unpaid: t.unpaid,
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
