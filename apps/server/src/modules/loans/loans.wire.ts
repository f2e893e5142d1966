import type { BodyOf, fundsApi } from '@kabuto/contract';
import type { LoanInput } from './loans.service.ts';

/** The loans area's contract names to and from the service's English ones. */

export const loanTerms = (b: BodyOf<typeof fundsApi.loaninfo>) => ({ currency: b.type, amount: b.money });

export const loanInput = (b: BodyOf<typeof fundsApi.toJq | typeof fundsApi.toHq>): LoanInput => ({
  currency: b.type,
  amount: b.money,
});
