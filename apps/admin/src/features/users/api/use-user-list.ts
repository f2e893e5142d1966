import { adminApi } from '@kabuto/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type BodyIn, call } from '../../../lib/api.ts';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

export type UserListParams = BodyIn<typeof adminApi.userList>;

/** POST /users/list: search by account, invite code or real name, filtered by state. */
export function useUserList(params: UserListParams) {
  return useQuery({
    queryKey: [...QUERY_KEYS.users, params],
    queryFn: ({ signal }) => call(adminApi.userList, params, { signal }),
    placeholderData: keepPreviousData,
  });
}
