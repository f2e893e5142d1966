import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { noticesQuery } from '../../../lib/api/use-notices.ts';
import { fetchData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { scopes } from '../../../lib/query-scopes.ts';

/** `/user/noticedetail {id, lang}`: one site message; reading it marks it read, so the list is refreshed. */
export const noticeDetailQuery = (queryClient: QueryClient, id: string | null) =>
  queryOptions({
    queryKey: [...scopes.notices, 'detail', id],
    queryFn: async ({ signal }) => {
      const data = await fetchData(
        endpoints.account.noticeDetail,
        { id: id!, lang: currentLanguage() },
        { signal },
      );
      void queryClient.invalidateQueries({ queryKey: noticesQuery().queryKey, exact: true });
      return data;
    },
    enabled: Boolean(id),
  });

export function useNoticeDetail(id: string | null) {
  return useQuery(noticeDetailQuery(useQueryClient(), id));
}
