import type { Market } from '@kabuto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { decimalText } from '../../../lib/format.ts';
import { scopes } from '../../../lib/query-scopes.ts';

/**
 * `/trade/userstocklist {type}`: only its summary keys — `fdyk` (floating P&L of open positions) and
 * `ccsz` (their market value). A failed list call counts as empty (as the family's clients treat it): both are then 0.
 */
export const positionSummaryQuery = (type: Market) =>
  queryOptions({
    queryKey: [...scopes.positions, 'summary', type],
    queryFn: async ({ signal }) => {
      try {
        const data = await fetchData(endpoints.trading.openPositions, { type }, { signal, silent: true });
        // JSON numbers on the wire (docs/wire.md, "Numbers, money and times"), read back into the exact decimal the asset sums use
        const text = (v: unknown) =>
          typeof v === 'string' || typeof v === 'number' ? decimalText(v) || '0' : '0';
        return { profit: text(data.fdyk), value: text(data.ccsz) };
      } catch {
        return { profit: '0', value: '0' };
      }
    },
    staleTime: 0,
  });

export const usePositionSummary = (type: Market) => useQuery(positionSummaryQuery(type));
