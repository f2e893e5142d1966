import type { tradingApi } from '@kabuto/contract';
import type { Market } from '@kabuto/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { z } from 'zod';
import { refreshPositions } from '../../../lib/api/refresh.ts';
import { fetchData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { moneyCaller } from '../../../lib/idempotency.ts';
import { showMsg } from '../../../lib/messages.ts';
import { scopes } from '../../../lib/query-scopes.ts';
import { POLL_MS, useStreamUp } from '../../../lib/quote-stream.ts';

export type PositionRow = z.infer<typeof tradingApi.positionRow>;

/** Wire status of a position. */
export const STATUS = { holding: 0, closed: 1, closing: 2, pending: 3, cancelled: 4 } as const;

/** The `position` namespace key of a row's status label (a lapsed limit order reads "expired"). */
export const statusKey = (row: Pick<PositionRow, 'status' | 'close_reason'>): string =>
  row.status === STATUS.cancelled && row.close_reason === 'expired'
    ? 'status.expired'
    : `status.${row.status}`;

const isRow = (v: unknown): v is PositionRow =>
  Boolean(v) && typeof v === 'object' && typeof (v as PositionRow).id === 'string';

/** The list replies are objects with numeric keys plus summary keys: drop the summary, keep the rows. */
export function splitRows(data: Record<string, unknown>, summaryKeys: readonly string[]) {
  const rows: PositionRow[] = [];
  const summary: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) {
    if (summaryKeys.includes(key)) summary[key] = typeof value === 'string' ? value : String(value ?? '0');
    else if (/^\d+$/.test(key) && isRow(value)) rows.push(value);
  }
  return { rows, summary };
}

/** `/trade/userstocklist {type}`: holdings and pending orders, with `ccsz` (value) and `fdyk` (floating P&L). */
export const openPositionsQuery = (market: Market) =>
  queryOptions({
    queryKey: [...scopes.positions, 'open', market],
    queryFn: async ({ signal }) => {
      const data = await fetchData(endpoints.trading.userStockList, { type: market }, { signal });
      return splitRows(data, ['ccsz', 'fdyk']);
    },
  });

export function useOpenPositions(market: Market) {
  const live = useStreamUp();
  // fills of pending orders and forced closes happen on the server: look again now and then
  return useQuery({ ...openPositionsQuery(market), refetchInterval: live ? 10_000 : POLL_MS });
}

/** `/trade/userstocklists {type}`: closed and cancelled positions, with `lsyk` (realised P&L). */
export const closedPositionsQuery = (market: Market) =>
  queryOptions({
    queryKey: [...scopes.positions, 'closed', market],
    queryFn: async ({ signal }) => {
      const data = await fetchData(endpoints.trading.userStockLists, { type: market }, { signal });
      return splitRows(data, ['lsyk']);
    },
  });

export const useClosedPositions = (market: Market, enabled = true) =>
  useQuery({ ...closedPositionsQuery(market), enabled });

/** `/trade/stockdetail {id, type}`: one position. */
export const positionQuery = (id: string, market: Market) =>
  queryOptions({
    queryKey: [...scopes.positions, 'one', market, id],
    queryFn: ({ signal }) => fetchData(endpoints.trading.stockDetail, { id, type: market }, { signal }),
    enabled: Boolean(id),
  });

export function usePosition(id: string, market: Market) {
  const live = useStreamUp();
  return useQuery({ ...positionQuery(id, market), refetchInterval: live ? 10_000 : POLL_MS });
}

/** Close a holding (`/trade/sell_stock`) or cancel a pending order (`/trade/cancel_stock`). */
export function usePositionActions(market: Market) {
  const qc = useQueryClient();
  const sell = useMemo(() => moneyCaller(endpoints.trading.sellStock), []);
  const cancel = useMemo(() => moneyCaller(endpoints.trading.cancelStock), []);
  const after = async (msg: string) => {
    showMsg(msg);
    await refreshPositions(qc);
  };
  const close = useMutation({
    mutationFn: (id: string) => sell({ id, type: market }),
    onSuccess: (r) => after(r.msg ?? 'ok.sold'),
  });
  const cancelOrder = useMutation({
    mutationFn: (id: string) => cancel({ id, type: market }),
    onSuccess: (r) => after(r.msg ?? 'ok.cancelled'),
  });
  return { close, cancelOrder };
}
