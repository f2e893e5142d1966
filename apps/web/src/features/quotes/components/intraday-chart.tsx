import type { Market } from '@kabuto/domain';
import { type PointerEvent, useEffect, useMemo, useRef, useState } from 'react';
import { formatCompact, formatDecimal } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatPercent, formatPrice, trendClass } from '../../../lib/quote-format.ts';
import type { Tick } from '../../../lib/quote-stream.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { type Adjustment, chartBars, useKline } from '../api/use-kline.ts';
import { kdj, type Line, macd, rsi } from '../indicators.ts';
import {
  appendBar,
  axisForBars,
  type IntradayBar,
  intradayBars,
  type SessionAxis,
  slotLabel,
} from '../intraday.ts';
import { CHART_COLORS, type SubIndicator } from './chart-options.ts';
import { ChartStates } from './chart-states.tsx';

// the order sheet's calendar rules ride in this chunk, beside the exchange calendars (book-calendar.ts)
export { fillPreview, validDays } from '../book-calendar.ts';

/**
 * The intraday chart (分時), drawn by the app on one canvas: the day's price and its average price on the
 * session axis (intraday.ts), the previous close as a dashed line, and the chosen sub-chart below. It is
 * the stock page's first chart, so it stays small and quick: klinecharts (and its set-up, a few long
 * tasks on a phone) is loaded only for the candle tabs.
 */

const { up: UP, down: DOWN, flat: FLAT, grid: GRID, axisText: AXIS_TEXT } = CHART_COLORS;
const PRICE_COLOR = '#f0a000';
const AVERAGE_COLOR = '#2f6fde';
const CROSSHAIR = '#4f535b';
/** The sub-chart's lines, in their legend's order. */
const LINE_COLORS = [PRICE_COLOR, '#8a4fc9', AVERAGE_COLOR];

/** Bands of the chart's height, in CSS pixels: legend, price pane, time axis, sub legend, sub pane. */
const LEGEND_H = 20;
const AXIS_H = 18;
const SUB_LEGEND_H = 18;
const MAIN_SHARE = 0.68;
const FONT = '10px system-ui, -apple-system, "Segoe UI", sans-serif';

interface SubView {
  /** Lines with their legend names. */
  lines: { name: string; color: string; values: Line }[];
  /** MACD's bars around zero. */
  histogram?: Line;
  /** Volume bars instead of lines. */
  volume?: boolean;
}

function subView(sub: SubIndicator, bars: readonly IntradayBar[]): SubView {
  const named = (names: string[], lines: Line[]) =>
    lines.map((values, i) => ({ name: names[i], color: LINE_COLORS[i], values }));
  switch (sub) {
    case 'MACD': {
      const m = macd(bars);
      return { lines: named(['DIF', 'DEA'], [m.dif, m.dea]), histogram: m.macd };
    }
    case 'KDJ': {
      const k = kdj(bars);
      return { lines: named(['K', 'D', 'J'], [k.k, k.d, k.j]) };
    }
    case 'RSI':
      return { lines: named(['RSI6', 'RSI12', 'RSI24'], rsi(bars, [6, 12, 24])) };
    default:
      return { lines: [], volume: true };
  }
}

/** Rises red, falls green against the minute before (the first minute against its open). */
const barColor = (bars: readonly IntradayBar[], i: number) => {
  const before = i > 0 ? bars[i - 1].close : bars[i].open;
  return bars[i].close > before ? UP : bars[i].close < before ? DOWN : FLAT;
};

interface Layout {
  width: number;
  height: number;
  mainTop: number;
  mainBottom: number;
  subTop: number;
  subBottom: number;
}

function layoutOf(width: number, height: number): Layout {
  const mainTop = LEGEND_H;
  const mainBottom = mainTop + Math.round((height - LEGEND_H - AXIS_H - SUB_LEGEND_H) * MAIN_SHARE);
  const subTop = mainBottom + AXIS_H + SUB_LEGEND_H;
  return { width, height, mainTop, mainBottom, subTop, subBottom: height - 2 };
}

/** The smallest and largest of the values given (undefined ones left out), or null without any. */
function rangeOf(...lists: readonly Line[]): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const list of lists)
    for (const v of list) {
      if (v === undefined || !Number.isFinite(v)) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  return lo <= hi ? [lo, hi] : null;
}

/** A value → y map onto [top, bottom], with a margin so lines do not run along the pane's edges. */
function scale([lo, hi]: [number, number], top: number, bottom: number, margin = 4) {
  const span = hi - lo || Math.abs(hi) * 0.002 || 1;
  const low = hi === lo ? lo - span / 2 : lo;
  const inner = bottom - top - 2 * margin;
  return (v: number) => top + margin + inner - ((v - low) / span) * inner;
}

function strokeLine(
  g: CanvasRenderingContext2D,
  values: Line,
  x: (i: number) => number,
  y: (v: number) => number,
  color: string,
  width = 1,
) {
  g.beginPath();
  let open = false;
  values.forEach((v, i) => {
    if (v === undefined) {
      open = false;
      return;
    }
    if (open) g.lineTo(x(i), y(v));
    else g.moveTo(x(i), y(v));
    open = true;
  });
  g.strokeStyle = color;
  g.lineWidth = width;
  g.stroke();
}

interface DrawInput {
  axis: SessionAxis;
  bars: readonly IntradayBar[];
  view: SubView;
  decimals: number;
  preClose: number | undefined;
  cursor: number | null;
}

function draw(canvas: HTMLCanvasElement, box: Layout, input: DrawInput) {
  const g = canvas.getContext('2d');
  if (!g) return;
  const { axis, bars, view, decimals, preClose, cursor } = input;
  const { width, mainTop, mainBottom, subTop, subBottom } = box;
  const ratio = canvas.width / width;
  g.setTransform(ratio, 0, 0, ratio, 0, 0);
  g.clearRect(0, 0, width, box.height);
  g.font = FONT;
  g.lineJoin = 'round';

  const space = width / axis.slots.length;
  const x = (i: number) => (i + 0.5) * space;
  const closes = bars.map((b) => b.close);
  const averages = bars.map((b) => b.avg);
  const range = rangeOf(closes, averages, preClose ? [preClose] : []);
  const y = range ? scale(range, mainTop, mainBottom) : null;

  // grid: four bands across the price pane, the session's marks down both panes
  g.strokeStyle = GRID;
  g.lineWidth = 1;
  g.beginPath();
  for (let b = 0; b <= 4; b++) {
    const y = Math.round(mainTop + ((mainBottom - mainTop) * b) / 4) + 0.5;
    g.moveTo(0, y);
    g.lineTo(width, y);
  }
  for (const y of [subTop, subBottom]) {
    g.moveTo(0, Math.round(y) + 0.5);
    g.lineTo(width, Math.round(y) + 0.5);
  }
  for (const { index } of axis.marks.slice(1, -1)) {
    const at = Math.round(x(index)) + 0.5;
    g.moveTo(at, mainTop);
    g.lineTo(at, mainBottom);
    g.moveTo(at, subTop);
    g.lineTo(at, subBottom);
  }
  g.stroke();

  // the session's times under the price pane, kept inside the edges
  g.fillStyle = AXIS_TEXT;
  g.textBaseline = 'middle';
  for (const { index, label } of axis.marks) {
    const half = g.measureText(label).width / 2 + 2;
    g.textAlign = 'center';
    g.fillText(label, Math.min(Math.max(x(index), half), width - half), mainBottom + AXIS_H / 2);
  }

  if (range && y && bars.length) {
    if (preClose) {
      g.setLineDash([3, 3]);
      g.strokeStyle = FLAT;
      g.beginPath();
      g.moveTo(0, Math.round(y(preClose)) + 0.5);
      g.lineTo(width, Math.round(y(preClose)) + 0.5);
      g.stroke();
      g.setLineDash([]);
    }
    // the price with a soft fill under it, then the average price
    const fill = g.createLinearGradient(0, mainTop, 0, mainBottom);
    fill.addColorStop(0, 'rgba(255, 198, 41, 0.28)');
    fill.addColorStop(1, 'rgba(255, 198, 41, 0.02)');
    g.beginPath();
    g.moveTo(x(0), mainBottom);
    closes.forEach((c, i) => {
      g.lineTo(x(i), y(c));
    });
    g.lineTo(x(closes.length - 1), mainBottom);
    g.closePath();
    g.fillStyle = fill;
    g.fill();
    strokeLine(g, closes, x, y, PRICE_COLOR, 1.5);
    strokeLine(g, averages, x, y, AVERAGE_COLOR);
    const last = closes.length - 1;
    g.fillStyle = PRICE_COLOR;
    g.beginPath();
    g.arc(x(last), y(closes[last]), 2.5, 0, Math.PI * 2);
    g.fill();

    // the pane's top and bottom prices on the left, as changes from the previous close on the right
    const [lo, hi] = range;
    const edges: [number, number][] = [
      [hi, mainTop + 8],
      [lo, mainBottom - 8],
    ];
    for (const [value, at] of edges) {
      g.textAlign = 'left';
      g.fillStyle = AXIS_TEXT;
      g.fillText(formatPrice(value, decimals), 2, at);
      if (preClose) {
        const change = ((value - preClose) / preClose) * 100;
        g.textAlign = 'right';
        g.fillStyle = change > 0 ? UP : change < 0 ? DOWN : AXIS_TEXT;
        g.fillText(formatPercent(change), width - 2, at);
      }
    }
  }

  if (bars.length) drawSub(g, box, x, space, bars, view);

  if (cursor !== null && bars[cursor] && y) {
    const at = Math.round(x(cursor)) + 0.5;
    g.strokeStyle = CROSSHAIR;
    g.lineWidth = 1;
    g.setLineDash([2, 2]);
    g.beginPath();
    g.moveTo(at, mainTop);
    g.lineTo(at, mainBottom);
    g.moveTo(at, subTop);
    g.lineTo(at, subBottom);
    g.stroke();
    g.setLineDash([]);
    g.fillStyle = CROSSHAIR;
    g.beginPath();
    g.arc(at, y(bars[cursor].close), 3, 0, Math.PI * 2);
    g.fill();
  }
}

function drawSub(
  g: CanvasRenderingContext2D,
  { subTop, subBottom, width }: Layout,
  x: (i: number) => number,
  space: number,
  bars: readonly IntradayBar[],
  view: SubView,
) {
  const barWidth = Math.max(1, space * 0.6);
  if (view.volume) {
    const most = Math.max(...bars.map((b) => b.volume));
    if (most <= 0) return;
    const height = subBottom - subTop - 2;
    bars.forEach((b, i) => {
      if (b.volume <= 0) return;
      g.fillStyle = barColor(bars, i);
      const h = Math.max(1, (b.volume / most) * height);
      g.fillRect(x(i) - barWidth / 2, subBottom - h, barWidth, h);
    });
    return;
  }
  const range = rangeOf(...view.lines.map((l) => l.values), view.histogram ?? []);
  if (!range) return;
  // MACD's bars stand on zero, so zero is in its range
  const y = scale(view.histogram ? [Math.min(range[0], 0), Math.max(range[1], 0)] : range, subTop, subBottom);
  if (view.histogram) {
    const zero = y(0);
    view.histogram.forEach((v, i) => {
      if (v === undefined) return;
      g.fillStyle = v >= 0 ? UP : DOWN;
      g.fillRect(x(i) - barWidth / 2, Math.min(zero, y(v)), barWidth, Math.max(1, Math.abs(y(v) - zero)));
    });
    g.strokeStyle = GRID;
    g.beginPath();
    g.moveTo(0, Math.round(zero) + 0.5);
    g.lineTo(width, Math.round(zero) + 0.5);
    g.stroke();
  }
  for (const line of view.lines) strokeLine(g, line.values, x, y, line.color);
}

export interface IntradayChartProps {
  symbol: string;
  market: Market;
  adjust: Adjustment;
  sub: SubIndicator;
  pricePrecision: number;
  /** The previous close: the dashed line, and what the changes on the right are measured from. */
  preClose?: number;
  tick?: Tick;
}

export function IntradayChart({
  symbol,
  market,
  adjust,
  sub,
  pricePrecision,
  preClose,
  tick,
}: IntradayChartProps) {
  const { t } = useTranslator('quotes');
  const lang = currentLanguage();
  const wrap = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const kline = useKline(symbol, market, '1', adjust);
  const [axis, setAxis] = useState<SessionAxis | null>(null);
  const [bars, setBars] = useState<IntradayBar[]>([]);
  const lastVolume = useRef<number | null>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [cursor, setCursor] = useState<number | null>(null);

  // The reply's minute bars on the session axis of their day, worked out a task after the chart has
  // rendered: the first use of the exchange calendars is the chart's longest step.
  useEffect(() => {
    const rows = kline.data;
    const timer = setTimeout(() => {
      const list = chartBars(rows ?? []);
      const day = axisForBars(market, list);
      setAxis(day);
      setBars(day ? intradayBars(day, list) : []);
      lastVolume.current = null;
    }, 0);
    return () => clearTimeout(timer);
  }, [kline.data, market]);

  // a live tick extends the minute it falls in, or opens the next (volume: the day's total, as a delta)
  useEffect(() => {
    if (!tick || !axis) return;
    const dayVolume = Number(tick.volume);
    const volume = lastVolume.current === null ? 0 : Math.max(0, dayVolume - lastVolume.current);
    lastVolume.current = dayVolume;
    const price = Number(tick.price);
    const bar = { timestamp: tick.time * 1000, open: price, high: price, low: price, close: price, volume };
    setBars((list) => {
      if (list.length === 0) return list;
      const next = list.slice();
      return appendBar(axis, next, bar).length ? next : list;
    });
  }, [tick, axis]);

  useEffect(() => {
    const element = wrap.current;
    if (!element) return;
    const measure = () => {
      const { width, height } = element.getBoundingClientRect();
      setSize((s) => (s && s.width === width && s.height === height ? s : { width, height }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const view = useMemo(() => subView(sub, bars), [sub, bars]);
  const box = useMemo(() => (size && size.width > 0 ? layoutOf(size.width, size.height) : null), [size]);

  // one draw per frame, whatever changed
  useEffect(() => {
    const element = canvas.current;
    if (!element || !box || !axis) return;
    const frame = requestAnimationFrame(() => {
      const ratio = window.devicePixelRatio || 1;
      const width = Math.round(box.width * ratio);
      const height = Math.round(box.height * ratio);
      if (element.width !== width) element.width = width;
      if (element.height !== height) element.height = height;
      draw(element, box, { axis, bars, view, decimals: pricePrecision, preClose, cursor });
    });
    return () => cancelAnimationFrame(frame);
  }, [box, axis, bars, view, pricePrecision, preClose, cursor]);

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!axis || bars.length === 0) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const slot = Math.floor(((e.clientX - rect.left) / rect.width) * axis.slots.length);
    setCursor(Math.max(0, Math.min(bars.length - 1, slot)));
  };
  const leave = () => setCursor(null);

  // the legends read the minute under the finger (or pointer), else the latest
  const at = cursor ?? bars.length - 1;
  const bar = bars[at];
  const change = bar && preClose ? ((bar.close - preClose) / preClose) * 100 : undefined;
  const subLegend = bar
    ? view.volume
      ? [{ name: 'VOL', color: FLAT, text: formatCompact(bar.volume, lang) }]
      : [
          ...view.lines,
          ...(view.histogram ? [{ name: 'MACD', color: FLAT, values: view.histogram }] : []),
        ].map((l) => ({
          name: l.name,
          color: l.color,
          text: l.values[at] === undefined ? '--' : formatDecimal(l.values[at], 2),
        }))
    : [];

  return (
    <div className="k-chart-wrap">
      <div
        ref={wrap}
        className="k-chart k-ichart"
        data-testid="kline-chart"
        data-period="1"
        data-sub={sub}
        data-session={axis?.marks.map((m) => m.label).join(' ')}
        data-session-minutes={axis?.slots.length}
      >
        <canvas
          ref={canvas}
          role="img"
          aria-label={t('chart.intraday')}
          onPointerDown={point}
          onPointerMove={point}
          onPointerLeave={leave}
          onPointerCancel={leave}
          onPointerUp={(e) => e.pointerType !== 'mouse' && leave()}
        />
        {bar && axis && (
          <>
            <div className="k-ichart-legend" style={{ top: 0 }} data-testid="intraday-legend">
              {cursor !== null && <span>{slotLabel(axis, at)}</span>}
              <span>
                <i style={{ background: PRICE_COLOR }} />
                {t('chart.price')} {formatPrice(bar.close, pricePrecision)}
              </span>
              <span>
                <i style={{ background: AVERAGE_COLOR }} />
                {t('chart.avg')} {formatPrice(bar.avg, pricePrecision)}
              </span>
              {change !== undefined && <span className={trendClass(change)}>{formatPercent(change)}</span>}
            </div>
            {box && (
              <div className="k-ichart-legend" style={{ top: box.mainBottom + AXIS_H }}>
                {subLegend.map((s) => (
                  <span key={s.name}>
                    <i style={{ background: s.color }} />
                    {s.name} {s.text}
                  </span>
                ))}
              </div>
            )}
          </>
        )}
      </div>
      <ChartStates bars={kline} />
    </div>
  );
}
