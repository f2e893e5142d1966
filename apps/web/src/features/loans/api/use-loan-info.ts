import type { Currency } from '@kabuto/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData, type RefData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { scopes } from '../../../lib/query-scopes.ts';

export type LoanInfo = RefData<typeof endpoints.funds.loaninfo>;

/** `/user/loaninfo {type, money?}`: score, limit, borrowed, rate and — for an amount — its interest. */
export const loanInfoQuery = (type: Currency, money: string | null) =>
  queryOptions({
    queryKey: [...scopes.money, 'loan', type, money ?? ''],
    queryFn: ({ signal }) =>
      fetchData(endpoints.funds.loaninfo, money ? { type, money } : { type }, { signal, silent: !!money }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useLoanInfo = (type: Currency, money: string | null) => useQuery(loanInfoQuery(type, money));
