import { queryClient } from '../../lib/query-client.ts';
import { stockDetailsQuery } from './api/use-stock-details.ts';
import { watchlistQuery } from './api/use-watchlist.ts';
import { stockTarget } from './stock-target.ts';

/**
 * Fill a stock page's queries for its opening reads (`stockOpeningCalls`) before the app mounts on the
 * page, so that its first render has their data: each query takes its reply from the entry's early call.
 */
export function primeStockOpening(query: URLSearchParams): Promise<unknown> {
  const { symbol, market } = stockTarget(query);
  if (!symbol) return Promise.resolve();
  return Promise.all([
    queryClient.prefetchQuery(stockDetailsQuery(symbol, market)),
    queryClient.prefetchQuery(watchlistQuery(market)),
  ]);
}
