import type { Market } from '@kabuto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { scopes } from '../../../lib/query-scopes.ts';
import { useStreamUp } from '../../../lib/quote-stream.ts';

/** `/trade/stockdetails {symbol, type}`: figures of the day. */
export const stockDetailsQuery = (symbol: string, market: Market, lang = currentLanguage()) =>
  queryOptions({
    queryKey: [...scopes.quotes, 'details', market, symbol, lang],
    queryFn: ({ signal }) =>
      fetchData(endpoints.quotes.stock, { symbol, type: market, lang }, { signal, silent: true }),
    enabled: Boolean(symbol),
  });

/** The figures of the day; polled every 3 s while the stream is down. */
export function useStockDetails(symbol: string, market: Market) {
  const live = useStreamUp();
  // open/turnover/session change too: refresh them now and then even with live ticks
  return useQuery({ ...stockDetailsQuery(symbol, market), refetchInterval: live ? 30_000 : 3_000 });
}
