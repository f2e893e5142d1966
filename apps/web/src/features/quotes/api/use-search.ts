import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

/** `/trade/search {content}`: code or name in any language, across markets. */
export function useSearch(content: string) {
  const lang = currentLanguage();
  const q = content.trim();
  return useQuery({
    queryKey: ['quotes', 'search', q, lang],
    queryFn: ({ signal }) =>
      fetchData(endpoints.quotes.search, { content: q, lang }, { signal, silent: true }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
