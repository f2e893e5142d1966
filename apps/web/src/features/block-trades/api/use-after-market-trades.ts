import { POSITION_SOURCE, type tradingApi } from '@kabuto/contract';
import { POSITION_STATUS } from '@kabuto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { fetchData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { scopes } from '../../../lib/query-scopes.ts';

type Row = z.infer<typeof tradingApi.positionRow>;

/** An after-market trade: the position it filled as, open or closed since. */
export interface AfterMarketTrade {
  id: string;
  orderNo: string;
  name: string;
  code: string;
  /** 1 bought, 2 sold short. */
  direction: number;
  price: string;
  quantity: string;
  time: number;
}

const isRow = (v: unknown): v is Row =>
  Boolean(v) && typeof v === 'object' && typeof (v as Row).id === 'string' && 'source' in (v as object);

/** The rows of a position list (its other keys are the list's summary). */
const rowsOf = (data: Record<string, unknown>): Row[] => Object.values(data).filter(isRow);

/** The user's after-market trades in the yen market, newest first (from the open and closed lists). */
export const afterMarketTradesQuery = () =>
  queryOptions({
    queryKey: [...scopes.positions, 'after-market'],
    queryFn: async ({ signal }): Promise<AfterMarketTrade[]> => {
      const [open, closed] = await Promise.all([
        fetchData(endpoints.trading.openPositions, { type: 'jpy' }, { signal }),
        fetchData(endpoints.trading.closedPositions, { type: 'jpy' }, { signal }),
      ]);
      return [...rowsOf(open), ...rowsOf(closed)]
        .filter((r) => r.source === POSITION_SOURCE.afterMarket && r.status !== POSITION_STATUS.cancelled)
        .sort((a, b) => b.buy_time - a.buy_time)
        .map((r) => ({
          id: r.id,
          orderNo: r.order_no,
          name: r.stock_name,
          code: r.stock_code,
          direction: r.buyzd,
          price: r.buy_price,
          quantity: r.stock_num,
          time: r.buy_time,
        }));
    },
    staleTime: 0,
  });

export const useAfterMarketTrades = () => useQuery(afterMarketTradesQuery());
