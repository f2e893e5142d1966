import type { tradingApi } from '@kabuto/contract';
import { type Market, POSITION_STATUS as STATUS } from '@kabuto/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { z } from 'zod';
import { refreshPositions } from '../../../lib/api/refresh.ts';
import { fetchData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { decimalText } from '../../../lib/format.ts';
import { moneyCaller } from '../../../lib/idempotency.ts';
import { showMsg } from '../../../lib/messages.ts';
import { scopes } from '../../../lib/query-scopes.ts';
import { POLL_MS, type Tick, useStreamUp } from '../../../lib/quote-stream.ts';
import { livePosition } from '../live-pnl.ts';

/** A position as the wire sends it. */
export type PositionRow = z.infer<typeof tradingApi.positionRow>;

/**
 * A position as the screens read it. Prices and amounts are decimal strings: the wire's numbers (the
 * latest price, P&L, gain) are read back into exact decimals here, once.
 */
export interface Position {
  id: string;
  orderNo: string;
  name: string;
  code: string;
  market: string;
  /** 1 long, 2 short. */
  direction: number;
  leverage: string;
  /** 1 market, 2 limit. */
  orderType: number;
  buyPrice: string;
  quantity: string;
  /** The latest price. */
  price: string;
  sellPrice: string;
  /** Margin held. */
  margin: string;
  /** P&L: unrealised while holding, realised once closed. */
  profit: string;
  /** The price move since entry in the position's direction, in percent (not leveraged). */
  gain: string;
  buyFee: string;
  sellFee: string;
  stampDuty: string;
  status: number;
  buyTime: number;
  sellTime: number | null;
  /** Limit price of a limit order, "" for a market order. */
  limitPrice: string;
  /** "user", "forced", "expired" or "". */
  closeReason: string;
  /** Lent to the platform (stock lending). */
  lent: boolean;
  /** Opened against a day-trading line (closed by the end of its day). */
  dayTrade: boolean;
  /** Where it came from: "order", "new_share", "block" or "after_market". */
  source: string;
}

/** The wire row → {@link Position}. */
export const positionFromWire = (w: PositionRow): Position => ({
  id: w.id,
  orderNo: w.order_no,
  name: w.stock_name,
  code: w.stock_code,
  market: w.market,
  direction: w.buyzd,
  leverage: w.ganggang,
  orderType: w.gdlx,
  buyPrice: w.buy_price,
  quantity: w.stock_num,
  price: decimalText(w.nowprice),
  sellPrice: w.sell_price,
  margin: w.credit,
  profit: decimalText(w.yingkui),
  gain: decimalText(w.gain),
  buyFee: w.buy_fee,
  sellFee: w.sell_fee,
  stampDuty: w.stamp_duty,
  status: w.status,
  buyTime: w.buy_time,
  sellTime: w.sell_time,
  limitPrice: w.limit_price,
  closeReason: w.close_reason,
  lent: w.lent === 1,
  dayTrade: w.dz_type === 3,
  source: w.source,
});

/** A holding moved to the latest tick (live-pnl.ts). */
export const withTick = (p: Position, tick: Tick | undefined): Position => livePosition(p, tick);

/** Status of a position (the domain's status machine). */
export { STATUS };

/** The `position` namespace key of a row's status label (a lapsed limit order reads "expired"). */
export const statusKey = (row: Pick<Position, 'status' | 'closeReason'>): string =>
  row.status === STATUS.cancelled && row.closeReason === 'expired'
    ? 'status.expired'
    : `status.${row.status}`;

const isRow = (v: unknown): v is PositionRow =>
  Boolean(v) && typeof v === 'object' && typeof (v as PositionRow).id === 'string';

/**
 * The list replies are objects with numeric keys plus summary keys: the rows (as {@link Position}s), and
 * the summary under English names (`names`: wire key → name).
 */
export function splitRows<N extends string>(
  data: Record<string, unknown>,
  names: Readonly<Record<string, N>>,
) {
  const rows: Position[] = [];
  const summary = {} as Record<N, string>;
  for (const [key, value] of Object.entries(data)) {
    const name = names[key];
    if (name !== undefined)
      summary[name] =
        typeof value === 'string' || typeof value === 'number' ? decimalText(value) || '0' : '0';
    else if (/^\d+$/.test(key) && isRow(value)) rows.push(positionFromWire(value));
  }
  return { rows, summary };
}

/** `/trade/userstocklist {type}`: holdings and pending orders, with `ccsz` (value) and `fdyk` (floating P&L). */
export const openPositionsQuery = (market: Market) =>
  queryOptions({
    queryKey: [...scopes.positions, 'open', market],
    queryFn: async ({ signal }) => {
      const data = await fetchData(endpoints.trading.openPositions, { type: market }, { signal });
      return splitRows(data, { ccsz: 'value', fdyk: 'profit' });
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
      const data = await fetchData(endpoints.trading.closedPositions, { type: market }, { signal });
      return splitRows(data, { lsyk: 'realised' });
    },
  });

export const useClosedPositions = (market: Market, enabled = true) =>
  useQuery({ ...closedPositionsQuery(market), enabled });

/** `/trade/stockdetail {id, type}`: one position. */
export const positionQuery = (id: string, market: Market) =>
  queryOptions({
    queryKey: [...scopes.positions, 'one', market, id],
    queryFn: async ({ signal }) =>
      positionFromWire(await fetchData(endpoints.trading.position, { id, type: market }, { signal })),
    enabled: Boolean(id),
  });

export function usePosition(id: string, market: Market) {
  const live = useStreamUp();
  return useQuery({ ...positionQuery(id, market), refetchInterval: live ? 10_000 : POLL_MS });
}

/** Close a holding (`/trade/sell_stock`) or cancel a pending order (`/trade/cancel_stock`). */
export function usePositionActions(market: Market) {
  const qc = useQueryClient();
  const sell = useMemo(() => moneyCaller(endpoints.trading.sell), []);
  const cancel = useMemo(() => moneyCaller(endpoints.trading.cancel), []);
  const after = async (msg: string) => {
    showMsg(msg);
    await refreshPositions(qc);
  };
  const close = useMutation({
    mutationFn: (id: string) => sell({ id, type: market }),
    onSuccess: (r) => after(r.code ?? 'ok.sold'),
  });
  const cancelOrder = useMutation({
    mutationFn: (id: string) => cancel({ id, type: market }),
    onSuccess: (r) => after(r.code ?? 'ok.cancelled'),
  });
  return { close, cancelOrder };
}
