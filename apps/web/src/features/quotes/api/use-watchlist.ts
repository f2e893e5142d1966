import type { Market } from '@kabuto/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, fetchData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { showMsg } from '../../../lib/messages.ts';
import { scopes } from '../../../lib/query-scopes.ts';
import { POLL_MS, useStreamUp } from '../../../lib/quote-stream.ts';

/** The watchlist of one market in every language. */
const marketScope = (market: Market) => [...scopes.watchlist, market] as const;

/** `/user/Optionallist {type}`: the watchlist of one market. */
export const watchlistQuery = (market: Market, lang = currentLanguage()) =>
  queryOptions({
    queryKey: [...marketScope(market), lang],
    queryFn: ({ signal }) => fetchData(endpoints.quotes.watchlist, { type: market, lang }, { signal }),
  });

/** The watchlist of a market; polled while the stream is down. */
export function useWatchlist(market: Market) {
  const live = useStreamUp();
  return useQuery({ ...watchlistQuery(market), refetchInterval: live ? false : POLL_MS });
}

/** Add one symbol to, or remove symbols from, the watchlist of a market. */
export function useWatchlistEdit(market: Market) {
  const qc = useQueryClient();
  const done = (code: string | undefined, fallback: string) => {
    showMsg(code ?? fallback);
    return qc.invalidateQueries({ queryKey: marketScope(market) });
  };
  const add = useMutation({
    mutationFn: (symbol: string) => call(endpoints.quotes.addToWatchlist, { symbol, type: market }),
    onSuccess: (r) => done(r.code, 'ok.added'),
  });
  const remove = useMutation({
    mutationFn: (symbols: readonly string[]) =>
      call(endpoints.quotes.removeFromWatchlist, { symbol: symbols.join(','), type: market }),
    onSuccess: (r) => done(r.code, 'ok.deleted'),
  });
  return { add, remove };
}
