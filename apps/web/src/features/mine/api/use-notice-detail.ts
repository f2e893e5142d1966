import { useQuery, useQueryClient } from '@tanstack/react-query';
import { noticesKey } from '../../../lib/api/use-notices.ts';
import { fetchData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

/** `/user/noticedetail {id, lang}`: one site message; reading it marks it read, so the list is refreshed. */
export function useNoticeDetail(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['notices', 'detail', id],
    queryFn: async ({ signal }) => {
      const data = await fetchData(
        endpoints.account.noticedetail,
        { id: id!, lang: currentLanguage() },
        { signal },
      );
      void queryClient.invalidateQueries({ queryKey: noticesKey, exact: true });
      return data;
    },
    enabled: Boolean(id),
  });
}
