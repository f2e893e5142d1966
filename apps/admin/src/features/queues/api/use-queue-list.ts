import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';
import type { QueueName, ReviewFilter } from '../../../lib/queues.ts';
import { QUEUE_ENDPOINTS } from './queue-endpoints.ts';

export interface QueueListParams {
  status: ReviewFilter;
  page: number;
  size: number;
}

/** POST /<queue>/list: one page of a review queue. */
export function useQueueList(name: QueueName, params: QueueListParams) {
  return useQuery({
    queryKey: [...QUERY_KEYS.queue(name), params],
    queryFn: ({ signal }) => call(QUEUE_ENDPOINTS[name].list, params, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}
