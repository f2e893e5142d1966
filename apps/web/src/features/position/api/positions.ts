import type { tradingApi } from '@kabuto/contract';
import { type Market, POSITION_STATUS as STATUS } from '@kabuto/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { z } from 'zod';
import { fetchData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { moneyCaller } from '../../../lib/idempotency.ts';
import { showMsg } from '../../../lib/messages.ts';
import { POLL_MS, useStreamUp } from '../../../lib/quote-stream.ts';

export type PositionRow = z.infer<typeof tradingApi.positionRow>;

/** Status of a position (the domain's status machine). */
export { STATUS };

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

export const positionsKey = (market: Market, which: 'open' | 'closed') =>
  ['positions', which, market] as const;

/** `/trade/userstocklist {type}`: holdings and pending orders, with `ccsz` (value) and `fdyk` (floating P&L). */
export function useOpenPositions(market: Market) {
  const live = useStreamUp();
  return useQuery({
    queryKey: positionsKey(market, 'open'),
    queryFn: async ({ signal }) => {
      const data = await fetchData(endpoints.trading.userStockList, { type: market }, { signal });
      return splitRows(data, ['ccsz', 'fdyk']);
    },
    // fills of pending orders and forced closes happen on the server: look again now and then
    refetchInterval: live ? 10_000 : POLL_MS,
  });
}

/** `/trade/userstocklists {type}`: closed and cancelled positions, with `lsyk` (realised P&L). */
export function useClosedPositions(market: Market, enabled = true) {
  return useQuery({
    queryKey: positionsKey(market, 'closed'),
    queryFn: async ({ signal }) => {
      const data = await fetchData(endpoints.trading.userStockLists, { type: market }, { signal });
      return splitRows(data, ['lsyk']);
    },
    enabled,
  });
}

/** `/trade/stockdetail {id, type}`: one position. */
export function usePosition(id: string, market: Market) {
  const live = useStreamUp();
  return useQuery({
    queryKey: ['positions', 'one', market, id],
    queryFn: ({ signal }) => fetchData(endpoints.trading.stockDetail, { id, type: market }, { signal }),
    enabled: Boolean(id),
    refetchInterval: live ? 10_000 : POLL_MS,
  });
}

/** Close a holding (`/trade/sell_stock`) or cancel a pending order (`/trade/cancel_stock`). */
export function usePositionActions(market: Market) {
  const qc = useQueryClient();
  const sell = useMemo(() => moneyCaller(endpoints.trading.sellStock), []);
  const cancel = useMemo(() => moneyCaller(endpoints.trading.cancelStock), []);
  const after = async (msg: string) => {
    showMsg(msg);
    await qc.invalidateQueries({ queryKey: ['positions'] });
    await qc.invalidateQueries({ queryKey: ['user'] });
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
