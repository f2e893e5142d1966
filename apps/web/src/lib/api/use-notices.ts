import { useQuery } from '@tanstack/react-query';
import { fetchData } from '../api.ts';
import { endpoints } from '../endpoints.ts';
import { currentLanguage } from '../i18n.ts';
import { useSession } from '../session.ts';

export const noticesKey = ['notices'] as const;

/** `/user/notice {lang}`: site messages, newest first (shared by the messages screen and the unread badges). */
export function useNotices() {
  const loggedIn = useSession((s) => Boolean(s.token));
  return useQuery({
    queryKey: noticesKey,
    queryFn: ({ signal }) => fetchData(endpoints.account.notice, { lang: currentLanguage() }, { signal }),
    enabled: loggedIn,
  });
}

export function useUnreadCount(): number {
  const { data } = useNotices();
  return data ? data.filter((n) => !n.read).length : 0;
}
