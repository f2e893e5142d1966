import type { Currency } from '@kabuto/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData, type RefData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { scopes } from '../../../lib/query-scopes.ts';

type LoanInfoWire = RefData<typeof endpoints.loans.info>;

/** A wallet's loan terms; amounts are decimal strings. */
export interface LoanInfo {
  type: Currency;
  creditScore: number;
  limit: string;
  /** Unpaid principal. */
  borrowed: string;
  available: string;
  /** Annual rate in percent. */
  rate: string;
  /** An application awaits review. */
  pending: boolean;
  unpaid: boolean;
  /** For an amount: its interest per day and per 30 days. */
  dailyInterest?: string;
  interest30d?: string;
  verified: boolean;
  /** The limit is an operator's, the credit-score rule's, or none yet. */
  limitSource: 'operator' | 'rule' | 'none';
  /** The starting-limit rule in this wallet: the highest tier the score reaches. */
  tiers: { score: number; limit: string }[];
}

const fromWire = (w: LoanInfoWire): LoanInfo => ({
  type: w.type,
  creditScore: w.xyf,
  limit: w.kjed,
  borrowed: w.yjed,
  available: w.available,
  rate: w.rate,
  pending: w.pending,
  unpaid: w.unpaid,
  verified: w.verified,
  limitSource: w.limit_source,
  tiers: w.tiers,
  ...(w.daily_interest !== undefined ? { dailyInterest: w.daily_interest } : {}),
  ...(w.interest_30d !== undefined ? { interest30d: w.interest_30d } : {}),
});

/** `/user/loaninfo {type, money?}`: score, limit, borrowed, rate and — for an amount — its interest. */
export const loanInfoQuery = (type: Currency, amount: string | null) =>
  queryOptions({
    queryKey: [...scopes.money, 'loan', type, amount ?? ''],
    queryFn: async ({ signal }) =>
      fromWire(
        await fetchData(endpoints.loans.info, amount ? { type, money: amount } : { type }, {
          signal,
          silent: !!amount,
        }),
      ),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useLoanInfo = (type: Currency, amount: string | null) => useQuery(loanInfoQuery(type, amount));
