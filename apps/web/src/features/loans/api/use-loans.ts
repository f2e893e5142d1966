import type { Currency } from '@kabuto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type WithAmount, withAmount } from '../../../lib/api/wire-amount.ts';
import { fetchData, type RefData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { scopes } from '../../../lib/query-scopes.ts';
import { LIST_ALL } from '../../../lib/transport.ts';

/** One loan or application; `amount` is the wire's `money`. */
export type LoanRow = WithAmount<RefData<typeof endpoints.loans.list>[number]>;

/** `/user/loanlist {type}`: loan applications and loans of one wallet, newest first. */
export const loansQuery = (type: Currency) =>
  queryOptions({
    queryKey: [...scopes.money, 'loans', type],
    queryFn: async ({ signal }): Promise<LoanRow[]> =>
      (await fetchData(endpoints.loans.list, { type, size: LIST_ALL }, { signal })).map(withAmount),
    staleTime: 0,
  });

export const useLoans = (type: Currency) => useQuery(loansQuery(type));
