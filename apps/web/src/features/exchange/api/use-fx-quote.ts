import type { Currency } from '@kabuto/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData, type RefData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { scopes } from '../../../lib/query-scopes.ts';

export type FxQuote = RefData<typeof endpoints.funds.rotationRate>;

/** How often the preview follows the moving rate. */
const REFRESH_MS = 10_000;

/**
 * `/user/rotation_rate {from, to, money?}`: the live rate of a pair (`money` null) or what an amount would
 * bring (`money` set; nothing is asked while it is empty).
 */
export const fxQuoteQuery = (from: Currency, to: Currency, money: string | null, forAmount = false) =>
  queryOptions({
    queryKey: [...scopes.money, 'fx', from, to, money ?? ''],
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

export const useFxQuote = (from: Currency, to: Currency, money: string | null, forAmount = false) =>
  useQuery(fxQuoteQuery(from, to, money, forAmount));
