import { adminApi } from '@kabuto/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

/** POST /config/list: every setting with its value, default and description. */
export function useConfigList() {
  return useQuery({
    queryKey: QUERY_KEYS.config,
    queryFn: ({ signal }) => call(adminApi.configList, {}, { signal }),
  });
}
