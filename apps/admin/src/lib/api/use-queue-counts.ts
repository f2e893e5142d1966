import { adminApi } from '@kabuto/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api.ts';

/**
 * POST /queues/counts: what waits for review (the dashboard's cards and the menu badges; a decision in a
 * queue refreshes it).
 */
export const queueCountsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'queue-counts'],
    queryFn: ({ signal }) => call(adminApi.queueCounts, {}, { signal }),
  });

/** The review counts, refreshed every 15 s. */
export const useQueueCounts = () =>
  useQuery({ ...queueCountsQuery(), refetchInterval: 15_000, refetchIntervalInBackground: false });
