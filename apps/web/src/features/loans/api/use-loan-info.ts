import type { Currency } from '@kabuto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { moneyKeys } from '../../../lib/api/money-keys.ts';
import { fetchData, type RefData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';

export type LoanInfo = RefData<typeof endpoints.funds.loaninfo>;

/** `/user/loaninfo {type, money?}`: score, limit, borrowed, rate and — for an amount — its interest. */
export function useLoanInfo(type: Currency, money: string | null) {
  return useQuery({
    queryKey: [...moneyKeys.loanInfo(type), money ?? ''],
    queryFn: ({ signal }) =>
      fetchData(endpoints.funds.loaninfo, money ? { type, money } : { type }, { signal, silent: !!money }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
