import { type Language, stockLendingApi } from '@kabuto/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyIn, call } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';

type LoansFilter = Omit<BodyIn<typeof stockLendingApi.adminLoans>, 'lang'>;
type RatesMarket = BodyIn<typeof stockLendingApi.adminRates>['market'];

/**
 * POST /lending/loans: loans of shares filtered by status, market, account or symbol, each stock named in
 * the operator's language.
 */
export const loansQuery = (params: LoansFilter, lang: Language) =>
  queryOptions({
    queryKey: ['admin', 'lending', 'loans', params, lang],
    queryFn: ({ signal }) => call(stockLendingApi.adminLoans, { ...params, lang }, { signal }),
    placeholderData: keepPreviousData,
  });
export function useLoans(params: LoansFilter) {
  const { lang } = useI18n();
  return useQuery(loansQuery(params, lang));
}

/**
 * POST /lending/rates: every stock's lending rate in a market (named in the operator's language), and the
 * market-cap tiers.
 */
export const ratesQuery = (market: RatesMarket, lang: Language) =>
  queryOptions({
    queryKey: ['admin', 'lending', 'rates', market, lang],
    queryFn: ({ signal }) => call(stockLendingApi.adminRates, { market, lang }, { signal }),
    placeholderData: keepPreviousData,
  });
export function useRates(market: RatesMarket) {
  const { lang } = useI18n();
  return useQuery(ratesQuery(market, lang));
}

/** POST /lending/setRate: one stock's own rate ("" removes it), with a reason (audited by the server). */
export function useSetRate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: BodyIn<typeof stockLendingApi.adminSetRate>) => call(stockLendingApi.adminSetRate, b),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', 'lending'] }),
  });
}
