import { adminApi } from '@kabuto/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type BodyIn, call } from '../../../lib/api.ts';

/** POST /audit/list: the append-only audit log, newest first. */
export const auditListQuery = (params: BodyIn<typeof adminApi.auditList>) =>
  queryOptions({
    queryKey: ['admin', 'audit', params],
    queryFn: ({ signal }) => call(adminApi.auditList, params, { signal }),
    placeholderData: keepPreviousData,
  });

export const useAuditList = (params: BodyIn<typeof adminApi.auditList>) => useQuery(auditListQuery(params));
