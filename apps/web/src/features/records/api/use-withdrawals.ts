import type { Currency } from '@kabuto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type WithAmount, withAmount } from '../../../lib/api/wire-amount.ts';
import { fetchData, type RefData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { scopes } from '../../../lib/query-scopes.ts';
import { LIST_ALL } from '../../../lib/transport.ts';

/** One withdrawal; `amount` is the wire's `money`. */
export type WithdrawalRow = WithAmount<RefData<typeof endpoints.funds.withdrawals>[number]>;

/** `/user/withdrawallist {type}`: the withdrawals of one wallet, newest first. */
export const withdrawalsQuery = (type: Currency) =>
  queryOptions({
    queryKey: [...scopes.money, 'withdrawals', type],
    queryFn: async ({ signal }): Promise<WithdrawalRow[]> =>
      (await fetchData(endpoints.funds.withdrawals, { type, size: LIST_ALL }, { signal })).map(withAmount),
    staleTime: 0,
  });

export const useWithdrawals = (type: Currency) => useQuery(withdrawalsQuery(type));
