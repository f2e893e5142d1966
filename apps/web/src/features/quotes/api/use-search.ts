import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { scopes } from '../../../lib/query-scopes.ts';

/** `/trade/search {content}`: code or name in any language, across markets. */
export const searchQuery = (content: string, lang = currentLanguage()) => {
  const q = content.trim();
  return queryOptions({
    queryKey: [...scopes.quotes, 'search', q, lang],
    queryFn: ({ signal }) =>
      fetchData(endpoints.quotes.search, { content: q, lang }, { signal, silent: true }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
};

export const useSearch = (content: string) => useQuery(searchQuery(content));
