import { adminApi } from '@kabuto/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

/** POST /channels/list: deposit channels per currency. */
export const channelListQuery = () =>
  queryOptions({
    queryKey: ['admin', 'channels'],
    queryFn: ({ signal }) => call(adminApi.channelList, {}, { signal }),
  });

export const useChannelList = () => useQuery(channelListQuery());
