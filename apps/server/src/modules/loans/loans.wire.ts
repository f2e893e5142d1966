import type { BodyOf, DataOf, fundsApi } from '@kabuto/contract';
import type { LoanInput, LoanTerms } from './loans.service.ts';

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
