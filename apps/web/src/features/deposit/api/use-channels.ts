import type { Currency } from '@kabuto/domain';
import { useQuery } from '@tanstack/react-query';
import { moneyKeys } from '../../../lib/api/money-keys.ts';
import { fetchData, type RefData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';

export type DepositChannel = RefData<typeof endpoints.funds.rechargeChannel>[number];

/** `/common/recharge_channel {type}`: where to transfer to, each channel's window and limits. */
export function useChannels(type: Currency) {
  return useQuery({
    queryKey: moneyKeys.channels(type),
    queryFn: ({ signal }) => fetchData(endpoints.funds.rechargeChannel, { type }, { signal }),
    staleTime: 0,
  });
}
