import type { Market } from '@kabuto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../api.ts';
import { endpoints } from '../endpoints.ts';
import { currentLanguage } from '../i18n.ts';
import { scopes } from '../query-scopes.ts';
import { POLL_MS, useStreamUp } from '../quote-stream.ts';

/** `/parameter/zhishu {type}`: the market's indices first, then the other markets'. */
export const indicesQuery = (market: Market, lang = currentLanguage()) =>
  queryOptions({
    queryKey: [...scopes.quotes, 'indices', market, lang],
    queryFn: ({ signal }) =>
      fetchData(endpoints.quotes.indices, { type: market, lang }, { signal, silent: true }),
    staleTime: 10_000,
  });

/** The indices of a market; polls while the stream is down. */
export function useIndices(market: Market) {
  const live = useStreamUp();
  return useQuery({ ...indicesQuery(market), refetchInterval: live ? false : POLL_MS });
}
