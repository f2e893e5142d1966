import { adminApi } from '@kabuto/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

/** POST /queues/counts: what waits for review; refreshed every 15 s for the cards and menu badges. */
export function useQueueCounts() {
  return useQuery({
    queryKey: QUERY_KEYS.queueCounts,
    queryFn: ({ signal }) => call(adminApi.queueCounts, {}, { signal }),
    refetchInterval: 15_000,
    refetchIntervalInBackground: false,
  });
}
