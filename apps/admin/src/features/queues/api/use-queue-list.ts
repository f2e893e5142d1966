import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import type { QueueName, ReviewFilter } from '../../../lib/queues.ts';
import { QUEUE_ENDPOINTS } from './queue-endpoints.ts';

export interface QueueListParams {
  status: ReviewFilter;
  page: number;
  size: number;
}

/** Every page and filter of one review queue. */
export const queueScope = (name: QueueName) => ['admin', 'queue', name] as const;

/** POST /<queue>/list: one page of a review queue. */
export const queueListQuery = (name: QueueName, params: QueueListParams) =>
  queryOptions({
    queryKey: [...queueScope(name), params],
    queryFn: ({ signal }) => call(QUEUE_ENDPOINTS[name].list, params, { signal }),
    placeholderData: keepPreviousData,
  });

export const useQueueList = (name: QueueName, params: QueueListParams) =>
  useQuery({ ...queueListQuery(name, params), refetchInterval: 30_000 });
