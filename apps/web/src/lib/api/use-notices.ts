import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../api.ts';
import { endpoints } from '../endpoints.ts';
import { currentLanguage } from '../i18n.ts';
import { scopes } from '../query-scopes.ts';
import { useSession } from '../session.ts';
import { LIST_ALL } from '../transport.ts';

/** `/user/notice {lang}`: site messages, newest first (shared by the messages screen and the unread badges). */
export const noticesQuery = () =>
  queryOptions({
    queryKey: [...scopes.notices, 'list'],
    queryFn: ({ signal }) =>
      fetchData(endpoints.account.notices, { lang: currentLanguage(), size: LIST_ALL }, { signal }),
  });

/**
 * The messages screen's read of the same list: opening the screen always asks again (a support reply or a
 * login notice may have arrived since the badges last asked), the cached rows staying on screen meanwhile.
 */
export const noticesScreenQuery = () => queryOptions({ ...noticesQuery(), refetchOnMount: 'always' });

export function useNotices() {
  const loggedIn = useSession((s) => Boolean(s.token));
  return useQuery({ ...noticesQuery(), enabled: loggedIn });
}

/** The list on the messages screen (`/mine/message`), fetched afresh each time the screen opens. */
export function useNoticesScreen() {
  const loggedIn = useSession((s) => Boolean(s.token));
  return useQuery({ ...noticesScreenQuery(), enabled: loggedIn });
}

export function useUnreadCount(): number {
  const { data } = useNotices();
  return data ? data.filter((n) => !n.read).length : 0;
}
