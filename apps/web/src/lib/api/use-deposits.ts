import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData, type RefData } from '../api.ts';
import { endpoints } from '../endpoints.ts';
import { scopes } from '../query-scopes.ts';
import { LIST_ALL } from '../transport.ts';
import { type WithAmount, withAmount } from './wire-amount.ts';

/** One deposit; `amount` is the wire's `money`. */
export type DepositRow = WithAmount<RefData<typeof endpoints.funds.deposits>[number]>;

/** `/user/rechargelist`: the user's deposits of every wallet, newest first. */
export const depositsQuery = () =>
  queryOptions({
    queryKey: [...scopes.money, 'deposits'],
    queryFn: async ({ signal }): Promise<DepositRow[]> =>
      (await fetchData(endpoints.funds.deposits, { size: LIST_ALL }, { signal })).map(withAmount),
    staleTime: 0,
  });

export const useDeposits = () => useQuery(depositsQuery());
