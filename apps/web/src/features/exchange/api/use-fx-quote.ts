import type { Currency } from '@kabuto/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type WithAmount, withAmount } from '../../../lib/api/wire-amount.ts';
import { fetchData, type RefData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { scopes } from '../../../lib/query-scopes.ts';

/** A rate, and for an amount (`amount`, the wire's `money`) what it converts to. */
export type FxQuote = WithAmount<RefData<typeof endpoints.funds.exchangeRate>>;

/** How often the preview follows the moving rate. */
const REFRESH_MS = 10_000;

/**
 * `/user/rotation_rate {from, to, money?}`: the live rate of a pair (`amount` null) or what an amount would
 * bring (`amount` set; nothing is asked while it is empty).
 */
export const fxQuoteQuery = (from: Currency, to: Currency, amount: string | null, forAmount = false) =>
  queryOptions({
    queryKey: [...scopes.money, 'fx', from, to, amount ?? ''],
    queryFn: async ({ signal }): Promise<FxQuote> =>
      withAmount(
        await fetchData(endpoints.funds.exchangeRate, amount ? { from, to, money: amount } : { from, to }, {
          signal,
          silent: true,
        }),
      ),
    enabled: from !== to && (!forAmount || amount !== null),
    staleTime: 0,
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
  });

export const useFxQuote = (from: Currency, to: Currency, amount: string | null, forAmount = false) =>
  useQuery(fxQuoteQuery(from, to, amount, forAmount));
