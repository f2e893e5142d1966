import { stockLendingApi } from '@kabuto/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyIn, call } from '../../../lib/api.ts';

/** POST /lending/loans: loans of shares filtered by status, market, account or symbol. */
export const loansQuery = (params: BodyIn<typeof stockLendingApi.adminLoans>) =>
  queryOptions({
    queryKey: ['admin', 'lending', 'loans', params],
    queryFn: ({ signal }) => call(stockLendingApi.adminLoans, params, { signal }),
    placeholderData: keepPreviousData,
  });
export const useLoans = (params: BodyIn<typeof stockLendingApi.adminLoans>) => useQuery(loansQuery(params));

/** POST /lending/rates: every stock's lending rate in a market, and the market-cap tiers. */
export const ratesQuery = (market: BodyIn<typeof stockLendingApi.adminRates>['market']) =>
  queryOptions({
    queryKey: ['admin', 'lending', 'rates', market],
    queryFn: ({ signal }) => call(stockLendingApi.adminRates, { market }, { signal }),
    placeholderData: keepPreviousData,
  });
export const useRates = (market: BodyIn<typeof stockLendingApi.adminRates>['market']) =>
  useQuery(ratesQuery(market));

/** POST /lending/setRate: one stock's own rate ("" removes it), with a reason (audited by the server). */
export function useSetRate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: BodyIn<typeof stockLendingApi.adminSetRate>) => call(stockLendingApi.adminSetRate, b),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', 'lending'] }),
  });
}
