import { useQuery } from '@tanstack/react-query';
import { fetchData, type RefData } from '../api.ts';
import { endpoints } from '../endpoints.ts';
import { moneyKeys } from './money-keys.ts';

export type DepositRow = RefData<typeof endpoints.funds.rechargelist>[number];

/** `/user/rechargelist`: the user's deposits of every wallet, newest first. */
export function useDeposits() {
  return useQuery({
    queryKey: moneyKeys.deposits,
    queryFn: ({ signal }) => fetchData(endpoints.funds.rechargelist, {}, { signal }),
    staleTime: 0,
  });
}
