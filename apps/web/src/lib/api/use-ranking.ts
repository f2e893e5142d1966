import type { Market } from '@kabuto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../api.ts';
import { endpoints } from '../endpoints.ts';
import { currentLanguage } from '../i18n.ts';
import { scopes } from '../query-scopes.ts';
import { POLL_MS, useStreamUp } from '../quote-stream.ts';

export const RANKS = ['active', 'rise', 'fall', 'popular'] as const;
export type Rank = (typeof RANKS)[number];
export const isRank = (v: unknown): v is Rank =>
  typeof v === 'string' && (RANKS as readonly string[]).includes(v);

/** `/parameter/top {type, rank, limit}`: one ranking computed on the server. */
export const rankingQuery = (market: Market, rank: Rank, limit = 20, lang = currentLanguage()) =>
  queryOptions({
    queryKey: [...scopes.quotes, 'top', market, rank, limit, lang],
    queryFn: ({ signal }) =>
      fetchData(endpoints.quotes.rankings, { type: market, rank, limit, lang }, { signal, silent: true }),
    staleTime: 10_000,
  });

/** One ranking; polls while the stream is down. */
export function useRanking(market: Market, rank: Rank, limit = 20) {
  const live = useStreamUp();
  // rankings re-order over time: refresh now and then even while ticks stream in
  return useQuery({ ...rankingQuery(market, rank, limit), refetchInterval: live ? 30_000 : POLL_MS });
}
