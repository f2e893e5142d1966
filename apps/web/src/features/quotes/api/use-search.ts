import type { Market } from '@kabuto/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { scopes } from '../../../lib/query-scopes.ts';

/** `/trade/search {content, type}`: code or name in any language, across markets; `market` ranks first. */
export const searchQuery = (content: string, market: Market, lang = currentLanguage()) => {
  const q = content.trim();
  return queryOptions({
    queryKey: [...scopes.quotes, 'search', q, market, lang],
    queryFn: ({ signal }) =>
      fetchData(endpoints.quotes.search, { content: q, type: market, lang }, { signal, silent: true }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
};

export const useSearch = (content: string, market: Market) => useQuery(searchQuery(content, market));
