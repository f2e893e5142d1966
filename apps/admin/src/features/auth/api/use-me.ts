import { adminApi } from '@kabuto/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';
import { getToken } from '../../../lib/session.ts';

/** POST /auth/me: the logged-in operator and their role (drives the menu). */
export function useMe() {
  return useQuery({
    queryKey: QUERY_KEYS.me,
    queryFn: ({ signal }) => call(adminApi.me, {}, { signal }),
    enabled: getToken() !== null,
    staleTime: 60_000,
  });
}
