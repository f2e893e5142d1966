import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { scopes } from '../../../lib/query-scopes.ts';

/** `/common/newss {lang, page}`: news in the interface language, page by page until `total` is reached. */
export const newsListQuery = (lang = currentLanguage()) =>
  infiniteQueryOptions({
    queryKey: [...scopes.news, 'list', lang],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      fetchData(endpoints.content.news, { lang, page: pageParam }, { signal }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.list.length, 0);
      return last.list.length > 0 && loaded < last.total ? pages.length + 1 : undefined;
    },
  });

export const useNewsList = () => useInfiniteQuery(newsListQuery());
