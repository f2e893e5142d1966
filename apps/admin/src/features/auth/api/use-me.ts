import { adminApi } from '@kabuto/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { getToken } from '../../../lib/session.ts';

/** POST /auth/me: the logged-in operator and their role (drives the menu). */
export const meQuery = () =>
  queryOptions({
    queryKey: ['admin', 'me'],
    queryFn: ({ signal }) => call(adminApi.me, {}, { signal }),
    staleTime: 60_000,
  });

export const useMe = () => useQuery({ ...meQuery(), enabled: getToken() !== null });
