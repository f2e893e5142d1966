import { adminApi } from '@kabuto/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

/** POST /channels/list: deposit channels per currency. */
export function useChannelList() {
  return useQuery({
    queryKey: QUERY_KEYS.channels,
    queryFn: ({ signal }) => call(adminApi.channelList, {}, { signal }),
  });
}
