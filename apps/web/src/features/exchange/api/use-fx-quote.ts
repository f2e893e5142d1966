import type { Currency } from '@kabuto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchData, type RefData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';

export type FxQuote = RefData<typeof endpoints.funds.rotationRate>;

/** How often the preview follows the moving rate. */
const REFRESH_MS = 10_000;

/**
 * `/user/rotation_rate {from, to, money?}`: the live rate of a pair (`money` null) or what an amount would
 * bring (`money` set; nothing is asked while it is empty).
 */
export function useFxQuote(from: Currency, to: Currency, money: string | null, forAmount = false) {
  return useQuery({
    queryKey: ['money', 'fx', from, to, money ?? ''],
    queryFn: ({ signal }) =>
      fetchData(endpoints.funds.rotationRate, money ? { from, to, money } : { from, to }, {
        signal,
        silent: true,
      }),
    enabled: from !== to && (!forAmount || money !== null),
    staleTime: 0,
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}
