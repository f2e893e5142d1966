import type { Currency } from '@kabuto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { scopes } from '../../../lib/query-scopes.ts';

/** A wallet's withdrawable cash, and its unsettled sale proceeds by settlement date. */
export interface Withdrawable {
  available: string;
  withdrawable: string;
  unsettled: { amount: string; settleDate: string }[];
}

/** `/user/withdrawable {type}`: sale proceeds are withdrawable from their settlement date. */
export const withdrawableQuery = (type: Currency) =>
  queryOptions({
    queryKey: [...scopes.money, 'withdrawable', type],
    queryFn: async ({ signal }): Promise<Withdrawable> => {
      const d = await fetchData(endpoints.funds.withdrawable, { type }, { signal });
      return {
        available: d.available,
        withdrawable: d.withdrawable,
        unsettled: d.unsettled.map((u) => ({ amount: u.money, settleDate: u.settle_date })),
      };
    },
    staleTime: 0,
  });

export const useWithdrawable = (type: Currency) => useQuery(withdrawableQuery(type));
