import type { Market } from '@kabuto/domain';
import {
  type Chart,
  type DeepPartial,
  dispose,
  init,
  type KLineData,
  type Period,
  registerLocale,
  type Styles,
} from 'klinecharts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import type { Tick } from '../../../lib/quote-stream.ts';
import { type Adjustment, type KlinePeriod, useKline } from '../api/use-kline.ts';
import { MAIN_INDICATORS, type MainIndicator, type SubIndicator } from './chart-options.ts';

const CANDLE_PANE = 'candle_pane';
const SUB_PANE = 'k_sub';

const UP = '#e0393e';
const DOWN = '#13985a';
const FLAT = '#8b9099';

const PERIOD: Record<KlinePeriod, Period> = {
  '1': { type: 'minute', span: 1 },
  '5': { type: 'minute', span: 5 },
  '15': { type: 'minute', span: 15 },
  '30': { type: 'minute', span: 30 },
  '1D': { type: 'day', span: 1 },
  '1W': { type: 'week', span: 1 },
  '1M': { type: 'month', span: 1 },
  '12M': { type: 'year', span: 1 },
};

const EXCHANGE_ZONE: Record<Market, string> = {
  jpy: 'Asia/Tokyo',
  usd: 'America/New_York',
  cny: 'Asia/Shanghai',
  krw: 'Asia/Seoul',
};

const CHART_LOCALE = { jp: 'ja-JP', cn: 'zh-CN', us: 'en-US' } as const;
registerLocale('ja-JP', {
  time: '時間：',
  open: '始：',
  high: '高：',
  low: '安：',
  close: '終：',
  volume: '出来高：',
  change: '騰落：',
  turnover: '売買代金：',
  second: '秒',
  minute: '分',
  hour: '時間',
  day: '日',
  week: '週',
  month: '月',
  year: '年',
});

/** Rises red, falls green, as on Japanese and Chinese brokers' charts. */
function chartStyles(area: boolean): DeepPartial<Styles> {
  const colors = {
    upColor: UP,
    downColor: DOWN,
    noChangeColor: FLAT,
  };
  return {
    grid: { horizontal: { color: '#f0f1f3' }, vertical: { color: '#f0f1f3' } },
    candle: {
      type: area ? 'area' : 'candle_solid',
      bar: {
        ...colors,
        upBorderColor: UP,
        downBorderColor: DOWN,
        noChangeBorderColor: FLAT,
        upWickColor: UP,
        downWickColor: DOWN,
        noChangeWickColor: FLAT,
      },
      area: {
        lineSize: 1.5,
        lineColor: '#f0a000',
        backgroundColor: [
          { offset: 0, color: 'rgba(255, 198, 41, 0.02)' },
          { offset: 1, color: 'rgba(255, 198, 41, 0.28)' },
        ],
      },
      priceMark: {
        high: { color: '#4f535b' },
        low: { color: '#4f535b' },
        last: { ...colors, text: { size: 11 } },
      },
      tooltip: { showRule: 'follow_cross', title: { size: 11 }, legend: { size: 10, color: '#4f535b' } },
    },
    indicator: {
      ohlc: colors,
      bars: [{ ...colors, style: 'fill' }],
      tooltip: { legend: { size: 10 } },
    },
    xAxis: { tickText: { size: 10, color: '#6b7079' }, axisLine: { color: '#ebedf0' } },
    yAxis: { tickText: { size: 10, color: '#6b7079' }, axisLine: { color: '#ebedf0' } },
    separator: { color: '#ebedf0' },
    crosshair: {
      horizontal: { text: { backgroundColor: '#1b1c1f' } },
      vertical: { text: { backgroundColor: '#1b1c1f' } },
    },
  };
}

/** The k-line reply's bars are JSON numbers (API.md "Numbers"): they go to the chart as they are. */
const toBars = (
  rows: { time: number; open: number; high: number; low: number; close: number; volume: number }[],
) =>
  rows.map(
    (r): KLineData => ({
      timestamp: r.time * 1000,
      open: r.open,
      high: r.high,
      low: r.low,
      close: r.close,
      volume: r.volume,
    }),
  );

const BUCKET_SECONDS: Partial<Record<KlinePeriod, number>> = { '1': 60, '5': 300, '15': 900, '30': 1800 };

export interface KlineChartProps {
  symbol: string;
  market: Market;
  period: KlinePeriod;
  adjust: Adjustment;
  main: readonly MainIndicator[];
  sub: SubIndicator;
  pricePrecision: number;
  tick?: Tick;
}

/** A klinecharts candle (or, for the timeshare tab, area) chart with main and sub indicators. */
export function KlineChart({
  symbol,
  market,
  period,
  adjust,
  main,
  sub,
  pricePrecision,
  tick,
}: KlineChartProps) {
  const { t } = useTranslation('quotes');
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const bars = useRef<KLineData[]>([]);
  const push = useRef<((bar: KLineData) => void) | null>(null);
  const lastVolume = useRef<number | null>(null);
  const kline = useKline(symbol, market, period, adjust);

  // create once
  useEffect(() => {
    if (!box.current) return undefined;
    const c = init(box.current, {
      locale: CHART_LOCALE[currentLanguage()],
      timezone: EXCHANGE_ZONE[market],
      styles: chartStyles(false),
    });
    if (!c) return undefined;
    chart.current = c;
    c.setDataLoader({
      getBars: ({ callback }) => callback(bars.current, false),
      subscribeBar: ({ callback }) => {
        push.current = callback;
      },
      unsubscribeBar: () => {
        push.current = null;
      },
    });
    const onResize = () => c.resize();
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      dispose(c);
      chart.current = null;
    };
  }, [market]);

  // data: symbol, period and adjustment
  useEffect(() => {
    const c = chart.current;
    if (!c || !kline.data) return;
    bars.current = toBars(kline.data);
    lastVolume.current = null;
    c.setStyles(chartStyles(period === '1'));
    c.setSymbol({ ticker: symbol, pricePrecision, volumePrecision: 0 });
    c.setPeriod(PERIOD[period]);
  }, [kline.data, symbol, period, pricePrecision]);

  // main-chart indicators, stacked on the candles
  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    for (const name of MAIN_INDICATORS) c.removeIndicator({ paneId: CANDLE_PANE, name });
    for (const name of main) c.createIndicator({ name, paneId: CANDLE_PANE }, true);
  }, [main]);

  // the sub-chart indicator
  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    c.removeIndicator({ paneId: SUB_PANE });
    c.createIndicator({ name: sub, paneId: SUB_PANE });
  }, [sub]);

  // live ticks extend the last bar (or open the next one on minute charts)
  useEffect(() => {
    if (!tick || !push.current) return;
    const list = bars.current;
    const last = list[list.length - 1];
    if (!last) return;
    const price = Number(tick.price);
    const dayVolume = Number(tick.volume);
    const delta = lastVolume.current === null ? 0 : Math.max(0, dayVolume - lastVolume.current);
    lastVolume.current = dayVolume;
    const bucket = BUCKET_SECONDS[period];
    let bar: KLineData;
    if (bucket) {
      const start = Math.floor(tick.time / bucket) * bucket * 1000;
      if (start < last.timestamp) return;
      bar =
        start === last.timestamp
          ? {
              ...last,
              close: price,
              high: Math.max(last.high, price),
              low: Math.min(last.low, price),
              volume: (last.volume ?? 0) + delta,
            }
          : { timestamp: start, open: price, high: price, low: price, close: price, volume: delta };
    } else {
      bar = {
        ...last,
        close: price,
        high: Math.max(last.high, price),
        low: Math.min(last.low, price),
        volume: (last.volume ?? 0) + delta,
      };
    }
    if (bar.timestamp === last.timestamp) list[list.length - 1] = bar;
    else list.push(bar);
    push.current(bar);
  }, [tick, period]);

  return (
    <div className="k-chart-wrap">
      <div ref={box} className="k-chart" data-testid="kline-chart" data-period={period} data-sub={sub} />
      {kline.isPending && <div className="k-chart-overlay">{t('shell:states.loading')}</div>}
      {kline.isError && (
        <div className="k-chart-overlay">
          <ErrorState onRetry={() => void kline.refetch()} />
        </div>
      )}
      {kline.data?.length === 0 && <div className="k-chart-overlay">{t('chart.noData')}</div>}
    </div>
  );
}
