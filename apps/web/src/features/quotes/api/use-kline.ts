import type { quotesApi } from '@kabuto/contract';
import type { Market } from '@kabuto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { scopes } from '../../../lib/query-scopes.ts';

export type KlinePeriod = (typeof quotesApi.KLINE_TYPES)[number];
export type Adjustment = 'none' | 'forward' | 'backward';

/** The eight period tabs (intraday, 5, 15, 30 minutes, day, week, month, year) in order, with their `kline_type`. */
export const PERIODS: readonly KlinePeriod[] = ['1', '5', '15', '30', '1D', '1W', '1M', '12M'];
export const ADJUSTMENTS: readonly Adjustment[] = ['none', 'forward', 'backward'];

/** `/trade/kline`: candles ascending for one period and adjustment. */
export const klineQuery = (symbol: string, market: Market, period: KlinePeriod, fq: Adjustment) =>
  queryOptions({
    queryKey: [...scopes.quotes, 'kline', market, symbol, period, fq],
    queryFn: ({ signal }) =>
      fetchData(
        endpoints.quotes.kline,
        { symbol, type: market, kline_type: period, fq, limit: period === '1' ? 600 : 500 },
        { signal, silent: true },
      ),
    enabled: Boolean(symbol),
    staleTime: 60_000,
  });

/** A bar of the chart: the reply's bar with its time in epoch ms (a type, so klinecharts takes it too). */
export type ChartBar = {
  timestamp: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
};

/** The k-line reply's bars are JSON numbers (docs/wire.md, "Numbers, money and times"): they go to the charts as they are. */
export const chartBars = (
  rows: readonly { time: number; open: number; high: number; low: number; close: number; volume: number }[],
): ChartBar[] =>
  rows.map((r) => ({
    timestamp: r.time * 1000,
    open: r.open,
    high: r.high,
    low: r.low,
    close: r.close,
    volume: r.volume,
  }));

export const useKline = (symbol: string, market: Market, period: KlinePeriod, fq: Adjustment) =>
  useQuery(klineQuery(symbol, market, period, fq));
