import { adminApi } from '@kabuto/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

/** POST /users/detail: wallets, ledger history, cards, KYC, loans, invite code, inviter. */
export function useUserDetail(id: string | null) {
  return useQuery({
    queryKey: QUERY_KEYS.userDetail(id ?? ''),
    queryFn: ({ signal }) => call(adminApi.userDetail, { id: id ?? '' }, { signal }),
    enabled: id !== null && id !== '',
  });
}
