import { adminApi } from '@kabuto/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type BodyIn, call } from '../../../lib/api.ts';

export type MarginCallStatus = BodyIn<typeof adminApi.marginCalls>['status'];

/** POST /margin/calls: the margin calls (追証) by deadline, open ones or all; read again every 30 s. */
export const marginCallsQuery = (status: NonNullable<MarginCallStatus>) =>
  queryOptions({
    queryKey: ['admin', 'margin', 'calls', status],
    queryFn: ({ signal }) => call(adminApi.marginCalls, { status, size: 200 }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });

export const useMarginCalls = (status: NonNullable<MarginCallStatus>) => useQuery(marginCallsQuery(status));
