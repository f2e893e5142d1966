import type { Currency } from '@kabuto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData, type RefData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { scopes } from '../../../lib/query-scopes.ts';

export type DepositChannel = RefData<typeof endpoints.funds.depositChannels>[number];

/** `/common/recharge_channel {type}`: where to transfer to, each channel's window and limits. */
export const channelsQuery = (type: Currency) =>
  queryOptions({
    queryKey: [...scopes.money, 'channels', type],
    queryFn: ({ signal }) => fetchData(endpoints.funds.depositChannels, { type }, { signal }),
    staleTime: 0,
  });

export const useChannels = (type: Currency) => useQuery(channelsQuery(type));
