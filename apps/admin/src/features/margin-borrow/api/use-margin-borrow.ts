import { adminApi, stockLendingApi } from '@kabuto/contract';
import type { Market } from '@kabuto/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyIn, call } from '../../../lib/api.ts';

/** POST /margin/premiums: every stock's 逆日歩 and the yearly financing rates per market. */
export const premiumsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'margin', 'premiums'],
    queryFn: ({ signal }) => call(adminApi.marginPremiums, {}, { signal }),
  });
export const usePremiums = () => useQuery(premiumsQuery());

/** POST /lending/rates: the market's stocks (symbol and name), what a 逆日歩 may be set on. */
export const stocksQuery = (market: Market) =>
  queryOptions({
    queryKey: ['admin', 'lending', 'rates', market],
    queryFn: ({ signal }) => call(stockLendingApi.adminRates, { market }, { signal }),
    placeholderData: keepPreviousData,
  });
export const useStocks = (market: Market) => useQuery(stocksQuery(market));

/**
 * POST /config/list (administrators only): the settings, for the operator's margin list (the shortable
 * additions and removals per market). Same cache as the settings page.
 */
export const useSettings = (enabled: boolean) =>
  useQuery({
    queryKey: ['admin', 'config'],
    queryFn: ({ signal }) => call(adminApi.configList, {}, { signal }),
    enabled,
  });

/** POST /margin/setPremium: one stock's 逆日歩 ("" removes it), with a reason (audited by the server). */
export function useSetPremium() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: BodyIn<typeof adminApi.marginPremium>) => call(adminApi.marginPremium, b),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: premiumsQuery().queryKey }),
        // the premiums live in the margin_financing setting
        qc.invalidateQueries({ queryKey: ['admin', 'config'] }),
      ]),
  });
}
