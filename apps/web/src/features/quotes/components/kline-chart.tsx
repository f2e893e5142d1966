import { MARKET_ZONE, type Market } from '@kabuto/domain';
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
import { useEffect, useMemo, useRef, useState } from 'react';
import { currentLanguage } from '../../../lib/i18n.ts';
import type { Tick } from '../../../lib/quote-stream.ts';
import { type Adjustment, chartBars, type KlinePeriod, useKline } from '../api/use-kline.ts';
import { CHART_COLORS, MAIN_INDICATORS, type MainIndicator, type SubIndicator } from './chart-options.ts';
import { ChartStates } from './chart-states.tsx';

const CANDLE_PANE = 'candle_pane';
const SUB_PANE = 'k_sub';
/** Set-up steps of the chart, one task each (after the zone's date format): created, indicators, data. */
const STAGE_INDICATORS = 2;
const STAGE_DATA = 3;
/** Oscillators read to two decimals (RSI 56.21), not the library's four. */
const SUB_PRECISION: Partial<Record<SubIndicator, number>> = { MACD: 2, KDJ: 2, RSI: 2 };
/** A figure the chart cannot show yet (the first bars of an MA): the app's dash, never "n/a". */
const NO_VALUE = '--';
const AXIS_TEXT_SIZE = 10;

const { up: UP, down: DOWN, flat: FLAT, grid: GRID, axisText: AXIS_TEXT } = CHART_COLORS;

/** The candle tabs (the intraday tab has a chart of its own, intraday-chart.tsx). */
const PERIOD: Record<Exclude<KlinePeriod, '1'>, Period> = {
  '5': { type: 'minute', span: 5 },
  '15': { type: 'minute', span: 15 },
  '30': { type: 'minute', span: 30 },
  '1D': { type: 'day', span: 1 },
  '1W': { type: 'week', span: 1 },
  '1M': { type: 'month', span: 1 },
  '12M': { type: 'year', span: 1 },
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
function chartStyles(): DeepPartial<Styles> {
  const colors = {
    upColor: UP,
    downColor: DOWN,
    noChangeColor: FLAT,
  };
  return {
    grid: { horizontal: { color: GRID }, vertical: { color: GRID } },
    candle: {
      type: 'candle_solid',
      bar: {
        ...colors,
        upBorderColor: UP,
        downBorderColor: DOWN,
        noChangeBorderColor: FLAT,
        upWickColor: UP,
        downWickColor: DOWN,
        noChangeWickColor: FLAT,
      },
      priceMark: {
        high: { color: '#4f535b' },
        low: { color: '#4f535b' },
        last: { ...colors, text: { size: 11 } },
      },
      tooltip: {
        showRule: 'follow_cross',
        title: { size: 11 },
        legend: { size: 10, color: '#4f535b', defaultValue: NO_VALUE },
      },
    },
    indicator: {
      ohlc: colors,
      bars: [{ ...colors, style: 'fill' }],
      tooltip: { legend: { size: 10, defaultValue: NO_VALUE } },
    },
    xAxis: { tickText: { size: AXIS_TEXT_SIZE, color: AXIS_TEXT }, axisLine: { color: '#ebedf0' } },
    yAxis: { tickText: { size: AXIS_TEXT_SIZE, color: AXIS_TEXT }, axisLine: { color: '#ebedf0' } },
    separator: { color: '#ebedf0' },
    crosshair: {
      horizontal: { text: { backgroundColor: '#1b1c1f' } },
      vertical: { text: { backgroundColor: '#1b1c1f' } },
    },
  };
}

const BUCKET_SECONDS: Partial<Record<KlinePeriod, number>> = { '5': 300, '15': 900, '30': 1800 };

export interface KlineChartProps {
  symbol: string;
  market: Market;
  period: Exclude<KlinePeriod, '1'>;
  adjust: Adjustment;
  main: readonly MainIndicator[];
  sub: SubIndicator;
  pricePrecision: number;
  tick?: Tick;
}

/**
 * Lay the bars out: they end at the last bar, and a short history (years) fills the width instead of
 * leaving the right of the axis to dates that have not come.
 */
function fitBars(c: Chart, count: number) {
  const width = c.getSize(CANDLE_PANE, 'main')?.width ?? 0;
  if (!width || count === 0) return;
  // a long history at the usual width; a short one (years) spread over the chart
  const space =
    count * DEFAULT_BAR_SPACE < width ? Math.min(MAX_BAR_SPACE, width / (count + 1)) : DEFAULT_BAR_SPACE;
  c.setBarSpace(space);
  c.setOffsetRightDistance(space / 2);
}

const DEFAULT_BAR_SPACE = 10;
const MIN_BAR_SPACE = 0.2;
const MAX_BAR_SPACE = 50;

/** A klinecharts candle chart with main and sub indicators, for the tabs from 5 minutes to years. */
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
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const bars = useRef<KLineData[]>([]);
  const push = useRef<((bar: KLineData) => void) | null>(null);
  const lastVolume = useRef<number | null>(null);
  const kline = useKline(symbol, market, period, adjust);
  // the reply's bars for the chart (converted once per reply)
  const shown = useMemo(() => (kline.data ? chartBars(kline.data) : null), [kline.data]);

  // The chart is set up over several tasks (zone; create; indicators; data), each a step behind the
  // last, so no one of them holds the page for long: taps and scrolls are answered in between.
  const [stage, setStage] = useState(0);
  const withIndicators = stage >= STAGE_INDICATORS;
  const withData = stage >= STAGE_DATA;
  useEffect(() => {
    if (stage === 0 || stage >= STAGE_DATA) return;
    const timer = setTimeout(() => setStage((s) => s + 1), 0);
    return () => clearTimeout(timer);
  }, [stage]);

  // klinecharts makes an Intl.DateTimeFormat in the exchange's zone as it starts. The first one a page
  // makes loads the locale and zone data (13–19 ms in a fresh browser here), so one is made a task
  // ahead and the chart's own costs a fraction of a millisecond.
  const [zoneReady, setZoneReady] = useState<Market | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      new Intl.DateTimeFormat('en', { timeZone: MARKET_ZONE[market], hour12: false });
      setZoneReady(market);
    }, 0);
    return () => clearTimeout(timer);
  }, [market]);

  // create once (per market)
  useEffect(() => {
    if (!box.current || zoneReady !== market) return undefined;
    const c = init(box.current, {
      locale: CHART_LOCALE[currentLanguage()],
      timezone: MARKET_ZONE[market],
      styles: chartStyles(),
      layout: { barSpaceLimit: { min: MIN_BAR_SPACE, max: MAX_BAR_SPACE } },
    });
    if (!c) return undefined;
    chart.current = c;
    // the canvas host takes tabindex=1; a positive tabindex breaks the page's tab order
    box.current.querySelector('[tabindex="1"]')?.setAttribute('tabindex', '0');
    c.setMaxOffsetRightDistance(Number.MAX_SAFE_INTEGER);
    c.overrideXAxis({
      createTicks: ({ defaultTicks }) => {
        // never label a date after the last bar (the year axis ran on to 2030)
        const last = bars.current[bars.current.length - 1]?.timestamp ?? 0;
        return defaultTicks.filter((tk) => Number(tk.value) <= last);
      },
    });
    c.setDataLoader({
      getBars: ({ callback }) => {
        callback(bars.current, false);
        fitBars(c, bars.current.length);
      },
      subscribeBar: ({ callback }) => {
        push.current = callback;
      },
      unsubscribeBar: () => {
        push.current = null;
      },
    });
    const onResize = () => {
      c.resize();
      fitBars(c, bars.current.length);
    };
    window.addEventListener('resize', onResize);
    setStage(1);
    return () => {
      window.removeEventListener('resize', onResize);
      dispose(c);
      chart.current = null;
      setStage(0);
    };
  }, [market, zoneReady]);

  // data: symbol, period and adjustment
  useEffect(() => {
    const c = chart.current;
    if (!c || !shown || !withData) return;
    bars.current = [...shown];
    lastVolume.current = null;
    c.setSymbol({ ticker: symbol, pricePrecision, volumePrecision: 0 });
    c.setPeriod(PERIOD[period]);
    fitBars(c, bars.current.length);
  }, [shown, symbol, period, pricePrecision, withData]);

  // main-chart indicators stacked on the candles
  useEffect(() => {
    const c = chart.current;
    if (!c || !withIndicators) return;
    for (const name of MAIN_INDICATORS) c.removeIndicator({ paneId: CANDLE_PANE, name });
    for (const name of main) c.createIndicator({ name, paneId: CANDLE_PANE }, true);
  }, [main, withIndicators]);

  // the sub-chart indicator
  useEffect(() => {
    const c = chart.current;
    if (!c || !withIndicators) return;
    c.removeIndicator({ paneId: SUB_PANE });
    c.createIndicator({
      name: sub,
      paneId: SUB_PANE,
      ...(SUB_PRECISION[sub] ? { precision: SUB_PRECISION[sub] } : {}),
    });
  }, [sub, withIndicators]);

  // live ticks extend the last bar (or open the next one on minute charts)
  useEffect(() => {
    const c = chart.current;
    if (!tick || !push.current || !c) return;
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
      <ChartStates bars={kline} />
    </div>
  );
}
