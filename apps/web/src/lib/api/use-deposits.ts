import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData, type RefData } from '../api.ts';
import { endpoints } from '../endpoints.ts';
import { scopes } from '../query-scopes.ts';

export type DepositRow = RefData<typeof endpoints.funds.rechargelist>[number];

/** `/user/rechargelist`: the user's deposits of every wallet, newest first. */
export const depositsQuery = () =>
  queryOptions({
    queryKey: [...scopes.money, 'deposits'],
    queryFn: ({ signal }) => fetchData(endpoints.funds.rechargelist, {}, { signal }),
    staleTime: 0,
  });

export const useDeposits = () => useQuery(depositsQuery());
