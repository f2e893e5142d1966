import { adminApi } from '@kabuto/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

/** POST /users/detail: wallets, ledger history, cards, KYC, loans, invite code, inviter. */
export const userDetailQuery = (id: string | null) =>
  queryOptions({
    queryKey: ['admin', 'user', id ?? ''],
    queryFn: ({ signal }) => call(adminApi.userDetail, { id: id ?? '' }, { signal }),
    enabled: id !== null && id !== '',
  });

export const useUserDetail = (id: string | null) => useQuery(userDetailQuery(id));
