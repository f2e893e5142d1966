import { adminApi } from '@kabuto/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

/** POST /operators/list (admin only). */
export function useOperatorList() {
  return useQuery({
    queryKey: QUERY_KEYS.operators,
    queryFn: ({ signal }) => call(adminApi.operatorList, {}, { signal }),
  });
}
