import type { tradingApi } from '@kabuto/contract';
import { type Market, POSITION_STATUS as STATUS } from '@kabuto/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { z } from 'zod';
import { refreshPositions } from '../../../lib/api/refresh.ts';
import { fetchData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { decimalText } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { moneyCaller } from '../../../lib/idempotency.ts';
import { showMsg } from '../../../lib/messages.ts';
import { orderBookEndpoints } from '../../../lib/product-endpoints.ts';
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
  /** When a pending order executes: any, open (寄), close (引). */
  timing: string;
  /** Its last valid day ("" for the family's day orders). */
  validUntil: string;
  /** Unix seconds of the call a pending order waits for, null while it rests or once filled. */
  waitsFor: number | null;
  /** Opened against a day-trading line (closed by the end of its day). */
  dayTrade: boolean;
  /** Where it came from: "order", "new_share", "block" or "after_market". */
  source: string;
  /** A margin position's costs (interest, lending fee, 逆日歩): accrued to date, or charged once closed. */
  financing: string;
  /** A margin position's last day of its term (exchange-local YYYY-MM-DD), "" without one. */
  termEnd: string;
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
  timing: w.timing,
  validUntil: w.valid_until,
  waitsFor: w.waits_for,
  dayTrade: w.dz_type === 3,
  source: w.source,
  financing: w.financing,
  termEnd: w.term_end,
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

/** Close a holding or part of it (`/trade/sell_stock`) or cancel a pending order (`/trade/cancel_stock`). */
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
  // a partial close: that many shares (the whole holding when it is all of them)
  const closePart = useMutation({
    mutationFn: (p: { id: string; quantity: string }) => sell({ id: p.id, type: market, zhang: p.quantity }),
    onSuccess: (r) => after(r.code ?? 'ok.sold'),
  });
  return { close, closePart, cancelOrder };
}

// ---------------------------------------------------------------- the order book: exits, amendments

type ExitRow = z.infer<typeof tradingApi.exitRow>;
export type ExitStatus = ExitRow['status'];

/** An exit order as the order inquiry (注文照会) shows it. Prices are decimal strings, "" when none. */
export interface ExitOrder {
  id: string;
  positionId: string;
  code: string;
  name: string;
  /** The position's side: 1 long (the exit sells), 2 short (it buys to cover). */
  side: number;
  kind: ExitRow['kind'];
  /** Shares it closes; "" for the whole position. */
  quantity: string;
  limitPrice: string;
  stopPrice: string;
  /** The price it triggers at now. */
  level: string;
  status: ExitStatus;
  /** The other leg of its OCO pair, "". */
  ocoWith: string;
  fillPrice: string;
  createdAt: number;
  firedAt: number | null;
}

const exitFromWire = (w: ExitRow): ExitOrder => ({
  id: w.id,
  positionId: w.position_id,
  code: w.stock_code,
  name: w.stock_name,
  side: w.side,
  kind: w.kind,
  quantity: w.zhang,
  limitPrice: w.limit_price,
  stopPrice: w.stop_price,
  level: w.level,
  status: w.status,
  ocoWith: w.oco_with,
  fillPrice: w.fill_price,
  createdAt: w.created_at,
  firedAt: w.fired_at,
});

/** An exit that can still be cancelled (and, but for a triggered stop-limit, amended). */
export const isLiveExit = (e: Pick<ExitOrder, 'status'>) =>
  e.status === 'waiting' || e.status === 'working' || e.status === 'triggered';

/** `/trade/exit_orders {type}`: the user's exit orders of a market, newest first. */
export const exitOrdersQuery = (market: Market) =>
  queryOptions({
    queryKey: [...scopes.positions, 'exits', market],
    queryFn: async ({ signal }) =>
      (
        await fetchData(
          orderBookEndpoints.exitOrders,
          { type: market, lang: currentLanguage() as 'jp' | 'cn' | 'us' },
          { signal },
        )
      ).list.map(exitFromWire),
  });

export function useExitOrders(market: Market, enabled = true) {
  const live = useStreamUp();
  // a trigger fires on the server: look again now and then
  return useQuery({ ...exitOrdersQuery(market), enabled, refetchInterval: live ? 5_000 : POLL_MS });
}

/** What an exit order is placed with (the wire's decimal strings). */
export interface ExitPlacement {
  positionId: string;
  kind: 'limit' | 'stop' | 'stop_limit' | 'trail' | 'oco';
  quantity?: string;
  limit?: string;
  stop?: string;
  trail?: string;
  trailPct?: string;
}

/** Place, amend and cancel exit orders; the positions and the order inquiry are asked for again after. */
export function useExitActions(market: Market) {
  const qc = useQueryClient();
  const send = useMemo(
    () => ({
      place: moneyCaller(orderBookEndpoints.exitOrder),
      amend: moneyCaller(orderBookEndpoints.exitAmend),
      cancel: moneyCaller(orderBookEndpoints.exitCancel),
    }),
    [],
  );
  const after = async (msg: string) => {
    showMsg(msg);
    await refreshPositions(qc);
  };
  const place = useMutation({
    mutationFn: (p: ExitPlacement) =>
      send.place({
        id: p.positionId,
        type: market,
        kind: p.kind,
        ...(p.quantity ? { zhang: p.quantity } : {}),
        ...(p.limit ? { limit_price: p.limit } : {}),
        ...(p.stop ? { stop_price: p.stop } : {}),
        ...(p.trail ? { trail: p.trail } : {}),
        ...(p.trailPct ? { trail_pct: p.trailPct } : {}),
      }),
    onSuccess: (r) => after(r.code ?? 'ok.submitted'),
  });
  const amend = useMutation({
    mutationFn: (a: { id: string; limit?: string; stop?: string; quantity?: string }) =>
      send.amend({
        id: a.id,
        type: market,
        ...(a.limit ? { limit_price: a.limit } : {}),
        ...(a.stop ? { stop_price: a.stop } : {}),
        ...(a.quantity ? { zhang: a.quantity } : {}),
      }),
    onSuccess: (r) => after(r.code ?? 'ok.changed'),
  });
  const cancel = useMutation({
    mutationFn: (id: string) => send.cancel({ id, type: market }),
    onSuccess: (r) => after(r.code ?? 'ok.cancelled'),
  });
  return { place, amend, cancel };
}

/** 訂正 of a pending order (`/trade/amend_stock`): its limit price and quantity. */
export function useAmendOrder(market: Market) {
  const qc = useQueryClient();
  const send = useMemo(() => moneyCaller(orderBookEndpoints.amend), []);
  return useMutation({
    mutationFn: (a: { id: string; limit?: string; quantity?: string }) =>
      send({
        id: a.id,
        type: market,
        ...(a.limit ? { buy_price: a.limit } : {}),
        ...(a.quantity ? { zhang: a.quantity } : {}),
      }),
    onSuccess: async (r) => {
      showMsg(r.code ?? 'ok.changed');
      await refreshPositions(qc);
    },
  });
}
