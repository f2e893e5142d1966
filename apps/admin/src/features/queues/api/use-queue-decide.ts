import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queueCountsQuery } from '../../../lib/api/use-queue-counts.ts';
import { call } from '../../../lib/api.ts';
import type { QueueName } from '../../../lib/queues.ts';
import { QUEUE_ENDPOINTS } from './queue-endpoints.ts';
import { queueScope } from './use-queue-list.ts';

export interface Decision {
  id: string;
  approve: boolean;
  reason?: string;
}

type Page = { list: Record<string, unknown>[]; total: number };

/** The decisions of one queue in flight (the queue screen shows them as busy). */
export const decideMutationKey = (name: QueueName) => ['admin', 'decide', name] as const;

/**
 * POST /<queue>/decide. On success the row leaves the pending page at once (the refetch confirms it);
 * a refusal such as `review.alreadyDecided` refreshes the queue so the real status shows.
 */
export function useQueueDecide(name: QueueName) {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: decideMutationKey(name),
    mutationFn: (d: Decision) =>
      call(QUEUE_ENDPOINTS[name].decide, {
        id: d.id,
        approve: d.approve,
        ...(d.reason ? { reason: d.reason } : {}),
      }),
    onSuccess: (_data, d) => {
      qc.setQueriesData<Page>({ queryKey: queueScope(name) }, (old) => {
        if (!old) return old;
        const list = old.list.map((row) =>
          String(row.id) === d.id ? { ...row, status: d.approve ? 'approved' : 'rejected' } : row,
        );
        return { ...old, list };
      });
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: queueScope(name) });
      void qc.invalidateQueries({ queryKey: queueCountsQuery().queryKey });
    },
  });
}
