import { adminApi } from '@kabuto/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type BodyIn, call } from '../../../lib/api.ts';

export type UserListParams = BodyIn<typeof adminApi.userList>;

/** POST /users/list: search by account, invite code or real name, filtered by state. */
/** Every page and search of the user list. */
export const userListScope = ['admin', 'users'] as const;

export const userListQuery = (params: UserListParams) =>
  queryOptions({
    queryKey: [...userListScope, params],
    queryFn: ({ signal }) => call(adminApi.userList, params, { signal }),
    placeholderData: keepPreviousData,
  });

export const useUserList = (params: UserListParams) => useQuery(userListQuery(params));
