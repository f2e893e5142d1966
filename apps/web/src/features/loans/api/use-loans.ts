import type { Currency } from '@kabuto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData, type RefData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { scopes } from '../../../lib/query-scopes.ts';

export type LoanRow = RefData<typeof endpoints.funds.loanlist>[number];

/** `/user/loanlist {type}`: loan applications and loans of one wallet, newest first. */
export const loansQuery = (type: Currency) =>
  queryOptions({
    queryKey: [...scopes.money, 'loans', type],
    queryFn: ({ signal }) => fetchData(endpoints.funds.loanlist, { type }, { signal }),
    staleTime: 0,
  });

export const useLoans = (type: Currency) => useQuery(loansQuery(type));
