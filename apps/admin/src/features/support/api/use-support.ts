import { supportApi } from '@kabuto/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyIn, call } from '../../../lib/api.ts';

/** POST /support/list: users' messages to support, open first. */
export const inboxQuery = (params: BodyIn<typeof supportApi.adminList>) =>
  queryOptions({
    queryKey: ['admin', 'support', params],
    queryFn: ({ signal }) => call(supportApi.adminList, params, { signal }),
    placeholderData: keepPreviousData,
  });
export const useInbox = (params: BodyIn<typeof supportApi.adminList>) => useQuery(inboxQuery(params));

/** POST /support/reply: the answer, sent to the user as a site message (audited). */
export function useReply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: { id: string; text: string }) => call(supportApi.adminReply, { id: b.id, body: b.text }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['admin', 'support'] }),
        qc.invalidateQueries({ queryKey: ['admin', 'queue-counts'] }),
      ]),
  });
}
