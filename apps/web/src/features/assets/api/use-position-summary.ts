import type { Market } from '@kabuto/domain';
import { useQuery } from '@tanstack/react-query';
import { moneyKeys } from '../../../lib/api/money-keys.ts';
import { fetchData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';

/**
 * `/trade/userstocklist {type}`: only its summary keys — `fdyk` (floating P&L of open positions) and
 * `ccsz` (their market value). A failed list call counts as empty (spec §7): both are then 0.
 */
export function usePositionSummary(type: Market) {
  return useQuery({
    queryKey: moneyKeys.positions(type),
    queryFn: async ({ signal }) => {
      try {
        const data = await fetchData(endpoints.trading.userStockList, { type }, { signal, silent: true });
        const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '0');
        return { profit: text(data.fdyk), value: text(data.ccsz) };
      } catch {
        return { profit: '0', value: '0' };
      }
    },
    staleTime: 0,
  });
}
