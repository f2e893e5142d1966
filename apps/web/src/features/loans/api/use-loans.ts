import type { Currency } from '@kabuto/domain';
import { useQuery } from '@tanstack/react-query';
import { moneyKeys } from '../../../lib/api/money-keys.ts';
import { fetchData, type RefData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';

export type LoanRow = RefData<typeof endpoints.funds.loanlist>[number];

/** `/user/loanlist {type}`: loan applications and loans of one wallet, newest first. */
export function useLoans(type: Currency) {
  return useQuery({
    queryKey: moneyKeys.loans(type),
    queryFn: ({ signal }) => fetchData(endpoints.funds.loanlist, { type }, { signal }),
    staleTime: 0,
  });
}
