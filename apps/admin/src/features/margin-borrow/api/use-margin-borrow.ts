import { adminApi, type Language, stockLendingApi } from '@kabuto/contract';
import type { Market } from '@kabuto/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyIn, call } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';

/** POST /margin/premiums: every stock's 逆日歩 and the yearly financing rates per market. */
export const premiumsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'margin', 'premiums'],
    queryFn: ({ signal }) => call(adminApi.marginPremiums, {}, { signal }),
  });
export const usePremiums = () => useQuery(premiumsQuery());

/**
 * POST /lending/rates: the market's stocks (symbol and name in the operator's language), what a 逆日歩
 * may be set on.
 */
export const stocksQuery = (market: Market, lang: Language) =>
  queryOptions({
    queryKey: ['admin', 'lending', 'rates', market, lang],
    queryFn: ({ signal }) => call(stockLendingApi.adminRates, { market, lang }, { signal }),
    placeholderData: keepPreviousData,
  });
export function useStocks(market: Market) {
  const { lang } = useI18n();
  return useQuery(stocksQuery(market, lang));
}

/**
 * POST /margin/shortable (administrators only): one market's shortable list, each stock with its name in
 * the operator's language and whether it may be sold short today; with a symbol, that stock of the market
 * as well (`check`).
 */
export const shortableQuery = (market: Market, lang: Language, symbol?: string) =>
  queryOptions({
    queryKey: ['admin', 'margin', 'shortable', market, symbol ?? '', lang],
    queryFn: ({ signal }) => call(adminApi.shortableList, { market, symbol, lang }, { signal }),
  });
export function useShortable(market: Market, enabled: boolean, symbol?: string) {
  const { lang } = useI18n();
  return useQuery({ ...shortableQuery(market, lang, symbol), enabled, placeholderData: keepPreviousData });
}

/**
 * POST /margin/shortableAdd or /margin/shortableRemove: one stock put on or taken off a market's list,
 * with a reason (audited by the server). The list lives in the trading_margin_list setting.
 */
export function useChangeShortable() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ remove, ...b }: BodyIn<typeof adminApi.shortableAdd> & { remove?: boolean }) =>
      call(remove ? adminApi.shortableRemove : adminApi.shortableAdd, b),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['admin', 'margin', 'shortable'] }),
        qc.invalidateQueries({ queryKey: ['admin', 'config'] }),
      ]),
  });
}

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
