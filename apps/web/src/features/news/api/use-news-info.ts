import { useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

/** `/common/newsinfo {id, lang}`: one article with its HTML content. */
export function useNewsInfo(id: string | null) {
  const lang = currentLanguage();
  return useQuery({
    queryKey: ['news', 'info', id, lang],
    queryFn: ({ signal }) => fetchData(endpoints.content.newsinfo, { id: id!, lang }, { signal }),
    enabled: Boolean(id),
  });
}
