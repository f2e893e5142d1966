import type { Currency } from '@kabuto/domain';
import { useQuery } from '@tanstack/react-query';
import { moneyKeys } from '../../../lib/api/money-keys.ts';
import { fetchData, type RefData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';

export type WithdrawalRow = RefData<typeof endpoints.funds.withdrawallist>[number];

/** `/user/withdrawallist {type}`: the withdrawals of one wallet, newest first. */
export function useWithdrawals(type: Currency) {
  return useQuery({
    queryKey: moneyKeys.withdrawals(type),
    queryFn: ({ signal }) => fetchData(endpoints.funds.withdrawallist, { type }, { signal }),
    staleTime: 0,
  });
}
