import type { Currency } from '@kabuto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData, type RefData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { scopes } from '../../../lib/query-scopes.ts';

export type WithdrawalRow = RefData<typeof endpoints.funds.withdrawallist>[number];

/** `/user/withdrawallist {type}`: the withdrawals of one wallet, newest first. */
export const withdrawalsQuery = (type: Currency) =>
  queryOptions({
    queryKey: [...scopes.money, 'withdrawals', type],
    queryFn: ({ signal }) => fetchData(endpoints.funds.withdrawallist, { type }, { signal }),
    staleTime: 0,
  });

export const useWithdrawals = (type: Currency) => useQuery(withdrawalsQuery(type));
