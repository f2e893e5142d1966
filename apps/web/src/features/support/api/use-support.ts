import type { supportApi } from '@kabuto/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, fetchData, type RefData } from '../../../lib/api.ts';
import type { EndpointRef } from '../../../lib/endpoints.ts';
import { scopes } from '../../../lib/query-scopes.ts';
import { LIST_ALL } from '../../../lib/transport.ts';

/** The support calls (kept with the support page, out of the first screen's code). */
export const supportEndpoints = {
  info: { path: '/user/support_info' } as EndpointRef<typeof supportApi.info>,
  send: { path: '/user/support_send' } as EndpointRef<typeof supportApi.send>,
};
type Wire = RefData<typeof supportEndpoints.info>;

/** Support hours (JST) and the user's messages with their answers, newest first. */
export interface SupportInfo {
  hours: { open: string; close: string; businessDaysOnly: boolean; openNow: boolean };
  messages: {
    id: string;
    text: string;
    answered: boolean;
    answer: string;
    sentAt: number;
    answeredAt: number | null;
  }[];
}

const fromWire = (w: Wire): SupportInfo => ({
  hours: {
    open: w.hours.open,
    close: w.hours.close,
    businessDaysOnly: w.hours.weekdays_only,
    openNow: w.hours.open_now,
  },
  messages: w.list.map((m) => ({
    id: m.id,
    text: m.body,
    answered: m.status === 'replied',
    answer: m.reply,
    sentAt: m.create_time,
    answeredAt: m.reply_time,
  })),
});

/** `/user/support_info`. */
export const supportInfoQuery = () =>
  queryOptions({
    queryKey: [...scopes.notices, 'support'],
    queryFn: async ({ signal }) =>
      fromWire(await fetchData(supportEndpoints.info, { size: LIST_ALL }, { signal })),
    staleTime: 0,
  });

export const useSupportInfo = () => useQuery(supportInfoQuery());

/** `/user/support_send {body}`: a message to support; the answer arrives as a site message. */
export function useSendSupport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => call(supportEndpoints.send, { body: text }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportInfoQuery().queryKey }),
  });
}
