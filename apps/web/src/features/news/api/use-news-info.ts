import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { scopes } from '../../../lib/query-scopes.ts';

/** `/common/newsinfo {id, lang}`: one article with its HTML content. */
export const newsInfoQuery = (id: string | null, lang = currentLanguage()) =>
  queryOptions({
    queryKey: [...scopes.news, 'info', id, lang],
    queryFn: ({ signal }) => fetchData(endpoints.content.newsDetail, { id: id!, lang }, { signal }),
    enabled: Boolean(id),
  });

export const useNewsInfo = (id: string | null) => useQuery(newsInfoQuery(id));
