import { adminApi } from '@kabuto/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type BodyIn, call } from '../../../lib/api.ts';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

/** POST /audit/list: the append-only audit log, newest first. */
export function useAuditList(params: BodyIn<typeof adminApi.auditList>) {
  return useQuery({
    queryKey: [...QUERY_KEYS.audit, params],
    queryFn: ({ signal }) => call(adminApi.auditList, params, { signal }),
    placeholderData: keepPreviousData,
  });
}
