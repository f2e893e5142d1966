import { clampLeverage, type Market, marketLeverageCap, parseUnits } from '@kabuto/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshMoney, refreshPositions } from '../../../lib/api/refresh.ts';
import { fetchData, type RefData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { moneyCaller } from '../../../lib/idempotency.ts';
import { dayTradingEndpoints } from '../../../lib/product-endpoints.ts';
import { scopes } from '../../../lib/query-scopes.ts';
import type { StartupConfig } from '../../../lib/startup-config.ts';

type WireLine = RefData<typeof dayTradingEndpoints.applications>[number];

/** A day-trading application: 0 in review, 1 approved, 2 rejected, 3 trading, 4 complete, 5 failed. */
export interface DayLine {
  id: string;
  orderNo: string;
  amount: string;
  status: number;
  pnl: string;
  gain: number;
  used: string;
  remaining: string;
  payout: string;
  date: string;
  forcedClose: number | null;
  reason: string;
  positions: number;
  createdAt: number;
  endedAt: number | null;
}

const toLine = (w: WireLine): DayLine => ({
  id: w.id,
  orderNo: w.order_no,
  amount: w.credit,
  status: w.status,
  pnl: w.yingkui,
  gain: w.gain,
  used: w.used,
  remaining: w.remaining,
  payout: w.payout,
  date: w.trade_date,
  forcedClose: w.forced_close,
  reason: w.reason,
  positions: w.positions,
  createdAt: w.create_time,
  endedAt: w.end_time,
});

/** `/trade/urnjylist {type}`: my applications, newest first. */
export const dayLinesQuery = (type: Market) =>
  queryOptions({
    queryKey: [...scopes.money, 'day-trades', type],
    queryFn: async ({ signal }): Promise<DayLine[]> =>
      (await fetchData(dayTradingEndpoints.applications, { type }, { signal })).map(toLine),
    staleTime: 0,
  });

export const useDayLines = (type: Market) => useQuery({ ...dayLinesQuery(type), refetchInterval: 15_000 });

/** A day-trade position, as the list shows it. */
export interface DayPosition {
  id: string;
  name: string;
  symbol: string;
  direction: number;
  leverage: string;
  quantity: string;
  openPrice: string;
  price: number;
  margin: string;
  pnl: number;
}

type WireRow = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const num = (v: unknown) => (typeof v === 'number' ? v : Number(v) || 0);

/** `/trade/userstocklist {type, buy_type: 1}`: the open day-trade positions. */
export const dayPositionsQuery = (type: Market) =>
  queryOptions({
    queryKey: [...scopes.positions, 'day-trade', type],
    queryFn: async ({ signal }): Promise<DayPosition[]> => {
      const data = await fetchData(endpoints.trading.openPositions, { type, buy_type: '1' }, { signal });
      return Object.entries(data as Record<string, unknown>)
        .filter(([k, v]) => /^\d+$/.test(k) && v && typeof v === 'object')
        .map(([, v]) => {
          const r = v as WireRow;
          return {
            id: str(r.id),
            name: str(r.stock_name),
            symbol: str(r.stock_code),
            direction: num(r.buyzd),
            leverage: str(r.ganggang),
            quantity: str(r.stock_num),
            openPrice: str(r.buy_price),
            price: num(r.nowprice),
            margin: str(r.credit),
            pnl: num(r.yingkui),
          };
        });
    },
  });

export const useDayPositions = (type: Market, enabled: boolean) =>
  useQuery({ ...dayPositionsQuery(type), enabled, refetchInterval: enabled ? 10_000 : false });

/** `/trade/rnjy {money, type}`: apply (the amount is held at once). */
export function useApply() {
  const queryClient = useQueryClient();
  const [send] = useState(() => moneyCaller(dayTradingEndpoints.apply));
  return useMutation({
    mutationFn: (x: { money: string; type: Market }) => send({ money: x.money, type: x.type }),
    onSuccess: () => refreshMoney(queryClient),
  });
}

/** `/trade/buy_stock {dz_type: 3, …}`: a market order against today's line. */
export function useDayBuy() {
  const queryClient = useQueryClient();
  const [send] = useState(() => moneyCaller(endpoints.trading.buy));
  return useMutation({
    mutationFn: (x: { symbol: string; shares: string; leverage: number; direction: 1 | 2; type: Market }) =>
      send({
        symbol: x.symbol,
        zhang: x.shares,
        ganggan: String(x.leverage),
        buyzd: x.direction,
        gdlx: 1,
        dz_type: 3,
        type: x.type,
      }),
    onSuccess: () => Promise.all([refreshMoney(queryClient), refreshPositions(queryClient)]),
  });
}

/** `/trade/sell_stock {id, type}`: close a day-trade position early (the money returns to the line). */
export function useDayClose() {
  const queryClient = useQueryClient();
  const [send] = useState(() => moneyCaller(endpoints.trading.sell));
  return useMutation({
    mutationFn: (x: { id: string; type: Market }) => send({ id: x.id, type: x.type }),
    onSuccess: () => Promise.all([refreshMoney(queryClient), refreshPositions(queryClient)]),
  });
}

function parseJson(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The day-trading settings of the start-up config: leverage (up to the cap), the amount limits, the forced close. */
export function dayTradeConfig(config: StartupConfig, market: Market) {
  const list = parseJson(config.day_trade_leverage);
  const cap = Number(config.day_trade_leverage_cap) || 3;
  // the market's legal cap holds as on the server (China: its eligible stocks are checked there)
  const leverage = clampLeverage(
    (Array.isArray(list) ? list.map(Number) : [1, 2, 3])
      .filter((n) => Number.isInteger(n) && n > 0 && n <= cap)
      .sort((a, b) => a - b),
    marketLeverageCap(market),
  );
  const limits = parseJson(config.day_trade_limits) as
    | Record<string, { min?: string; max?: string }>
    | undefined;
  const range = limits?.[market];
  return {
    leverage,
    min: range?.min && parseUnits(range.min) !== null ? range.min : '',
    max: range?.max && parseUnits(range.max) !== null ? range.max : '',
    minutes: Number(config.day_trade_forced_close_minutes) || 10,
  };
}
