import type { Currency, Units } from '@kabuto/domain';
import type { LimitSource } from './credit-limit.ts';

/** The loans area's inputs and outputs in English names (`loans.wire.ts` maps them to the contract). */

/** The terms of a loan in one wallet (decimal strings; `rate` the annual percentage). */
export interface LoanTerms {
  currency: Currency;
  creditScore: number;
  limit: string;
  /** unpaid principal */
  owed: string;
  available: string;
  rate: string;
  /** an application is under review */
  pending: boolean;
  unpaid: boolean;
  /** the interest on the amount asked about, for a day and for 30 days */
  dailyInterest?: string;
  interest30Days?: string;
  verified: boolean;
  /** an operator's limit, the credit-score rule's, or none yet */
  limitSource: LimitSource;
  /** the starting-limit rule in this wallet: the highest tier the score reaches */
  tiers: { score: number; limit: string }[];
}

/** The credit (score, limit per wallet) and the recent loans of a user, as the back office sees them. */
export interface LoansDetail {
  credit: { score: number; limits: Record<string, string> };
  loans: {
    id: string;
    orderNo: string;
    currency: string;
    amount: string;
    rate: string;
    status: string;
    interestPaid: string;
    reason: string;
    createdAt: number;
    decidedAt: number | null;
    repaidAt: number | null;
  }[];
}

/** An amount of one wallet to borrow or repay. */
export interface LoanInput {
  currency: Currency;
  amount: Units;
}

/** One of the user's loans (times in unix seconds; `status` 0 under review, 1 open, 2 rejected, 3 repaid). */
export interface LoanRow {
  id: string;
  orderNo: string;
  currency: Currency;
  amount: string;
  rate: string;
  interest: string;
  status: number;
  reason: string;
  createdAt: number;
  decidedAt: number | null;
  repaidAt: number | null;
}
