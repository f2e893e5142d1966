import {
  addDays,
  daySchedule,
  type LocalDate,
  localDate,
  MARKET_ZONE,
  type Market,
  zonedEpoch,
} from '@kabuto/domain';
import type { ChartBar } from './api/use-kline.ts';

/**
 * The intraday chart (分時): one slot per trading minute of the exchange's session, so the axis always
 * spans the whole day — the lunch break is not a gap on screen (Tokyo, Shanghai) and minutes still to
 * come are empty room on the right — with the day's average price (volume-weighted) beside the price.
 */
const MINUTE_MS = 60_000;

export interface SessionAxis {
  market: Market;
  date: LocalDate;
  /** The exchange-local day as instants: from its midnight (epoch ms), up to the next one. */
  from: number;
  to: number;
  /** Start of every trading minute (epoch ms), ascending: continuous trading and the closing auction. */
  slots: number[];
  /** Labels for the axis: slot index and exchange-local minutes after midnight ("HH:MM"). */
  marks: { index: number; label: string }[];
}

/** A bar as the chart draws it, with the running average price of the day. */
export type IntradayBar = ChartBar & {
  /** Volume-weighted average of the day so far (the close until anything trades). */
  avg: number;
  /** Running sums behind `avg`. */
  sumPv: number;
  sumV: number;
};

const hm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The session axis of one trading day, or null when the exchange does not trade that day. The opening
 * call (Shanghai 09:15–09:25) and the lunch break are not on it; a break shows as one mark "11:30/12:30".
 */
export function sessionAxis(market: Market, date: LocalDate): SessionAxis | null {
  const schedule = daySchedule(market, date);
  if (!schedule) return null;
  const slots: number[] = [];
  const marks: SessionAxis['marks'] = [];
  let previousEnd: { at: number; local: number } | null = null;
  for (const phase of schedule.phases) {
    if (phase.state === 'lunch' || phase.state === 'opening_call') continue;
    if (previousEnd === null) marks.push({ index: 0, label: hm(phase.localStart) });
    else if (previousEnd.at !== phase.start)
      marks.push({ index: slots.length, label: `${hm(previousEnd.local)}/${hm(phase.localStart)}` });
    for (let t = phase.start; t < phase.end; t += MINUTE_MS) slots.push(t);
    previousEnd = { at: phase.end, local: phase.localEnd };
  }
  if (previousEnd) marks.push({ index: slots.length - 1, label: hm(previousEnd.local) });
  const zone = MARKET_ZONE[market];
  return {
    market,
    date,
    from: zonedEpoch(zone, date, 0),
    to: zonedEpoch(zone, addDays(date, 1), 0),
    slots,
    marks,
  };
}

/** A slot's exchange-local time, "HH:MM" (the axis's day has no clock change during trading). */
export const slotLabel = (axis: SessionAxis, index: number): string =>
  hm(Math.round((axis.slots[index] - axis.from) / MINUTE_MS));

/** The axis of the session the last bar belongs to (the day on screen), or null without bars. */
export function axisForBars(market: Market, bars: readonly { timestamp: number }[]): SessionAxis | null {
  const last = bars[bars.length - 1];
  return last ? sessionAxis(market, localDate(market, last.timestamp)) : null;
}

/** Index of the slot a time belongs to: the last slot starting at or before it (0 before the open). */
export function slotOf(axis: SessionAxis, timestamp: number): number {
  const { slots } = axis;
  let lo = 0;
  let hi = slots.length - 1;
  if (hi < 0 || timestamp < slots[0]) return 0;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (slots[mid] <= timestamp) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

type Bar = Pick<IntradayBar, 'timestamp' | 'open' | 'high' | 'low' | 'close'> & { volume?: number };

/**
 * Extend a day's bars with one more. `pv` is the bar's traded value (price × volume); a minute bar from
 * the server only has its close to weigh its volume with.
 */
function withAverage(
  previous: IntradayBar | undefined,
  bar: Bar,
  timestamp: number,
  pv = bar.close * (bar.volume ?? 0),
): IntradayBar {
  const volume = bar.volume ?? 0;
  const sumPv = (previous?.sumPv ?? 0) + pv;
  const sumV = (previous?.sumV ?? 0) + volume;
  return {
    timestamp,
    open: bar.open,
    high: bar.high,
    low: bar.low,
    close: bar.close,
    volume,
    sumPv,
    sumV,
    avg: sumV > 0 ? sumPv / sumV : (previous?.avg ?? bar.close),
  };
}

/** A minute in which nothing traded: flat at the previous close, no volume. */
const quietMinute = (previous: IntradayBar, timestamp: number): IntradayBar =>
  withAverage(
    previous,
    { timestamp, open: previous.close, high: previous.close, low: previous.close, close: previous.close },
    timestamp,
  );

/** Merge a bar into the slot's bar already there (a second bar or a live tick in the same minute). */
function mergeInto(previous: IntradayBar | undefined, current: IntradayBar, bar: Bar): IntradayBar {
  return withAverage(
    previous,
    {
      timestamp: current.timestamp,
      open: current.open,
      high: Math.max(current.high, bar.high),
      low: Math.min(current.low, bar.low),
      close: bar.close,
      volume: current.volume + (bar.volume ?? 0),
    },
    current.timestamp,
    current.sumPv - (previous?.sumPv ?? 0) + bar.close * (bar.volume ?? 0),
  );
}

/**
 * The day's minute bars laid on the session axis: bars of other days are dropped, each bar goes to its
 * slot (a bar in a break joins the minute before it), and minutes without trades in between are filled
 * flat, so the slot index is the bar's place on the axis. Slots after the last bar stay empty.
 */
export function intradayBars(axis: SessionAxis, bars: readonly Bar[]): IntradayBar[] {
  const out: IntradayBar[] = [];
  for (const bar of bars) appendBar(axis, out, bar);
  return out;
}

/**
 * Add one bar (or a live tick as a one-price bar) at the end of the day's bars, in place. Returns the
 * bars that changed or were added, in order, for the chart to redraw; none for a time before the last
 * bar's minute or on another day. A minute before the open (an opening call) counts as the first slot.
 */
export function appendBar(axis: SessionAxis, out: IntradayBar[], bar: Bar): IntradayBar[] {
  if (bar.timestamp < axis.from || bar.timestamp >= axis.to) return [];
  const slot = slotOf(axis, bar.timestamp);
  const last = out[out.length - 1];
  if (last === undefined) {
    const changed: IntradayBar[] = [];
    // nothing traded before this bar today: the first minutes start at its open
    let previous: IntradayBar | undefined;
    for (let i = 0; i < slot; i++) {
      previous = previous
        ? quietMinute(previous, axis.slots[i])
        : withAverage(
            undefined,
            { ...bar, close: bar.open, high: bar.open, low: bar.open, volume: 0 },
            axis.slots[i],
          );
      out.push(previous);
      changed.push(previous);
    }
    const first = withAverage(previous, bar, axis.slots[slot]);
    out.push(first);
    changed.push(first);
    return changed;
  }
  const lastSlot = out.length - 1;
  if (slot < lastSlot) return [];
  if (slot === lastSlot) {
    const merged = mergeInto(out[lastSlot - 1], last, bar);
    out[lastSlot] = merged;
    return [merged];
  }
  const changed: IntradayBar[] = [];
  let previous = last;
  for (let i = lastSlot + 1; i < slot; i++) {
    previous = quietMinute(previous, axis.slots[i]);
    out.push(previous);
    changed.push(previous);
  }
  const added = withAverage(previous, bar, axis.slots[slot]);
  out.push(added);
  changed.push(added);
  return changed;
}
