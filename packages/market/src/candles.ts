import { dateParts, dayNumber, type LocalDate } from '@kabuto/domain';
import type { Candle, Period } from './types.ts';

/** Minutes per intraday period, or null for daily and longer. */
export function periodMinutes(period: Period): number | null {
  switch (period) {
    case '1':
      return 1;
    case '5':
      return 5;
    case '15':
      return 15;
    case '30':
      return 30;
    default:
      return null;
  }
}

export interface Keyed {
  candle: Candle;
  key: number;
  /** Start of the bucket this candle falls in (epoch ms). */
  bucketTime: number;
}

/** Merge consecutive candles with the same key: first open, max high, min low, last close, summed volume/turnover. */
export function mergeKeyed(items: readonly Keyed[]): Candle[] {
  const out: Candle[] = [];
  let cur: Candle | null = null;
  let curKey = Number.NaN;
  for (const it of items) {
    const c = it.candle;
    if (cur && it.key === curKey) {
      if (c.high > cur.high) cur.high = c.high;
      if (c.low < cur.low) cur.low = c.low;
      cur.close = c.close;
      cur.volume += c.volume;
      cur.turnover += c.turnover;
    } else {
      cur = { ...c, time: it.bucketTime };
      curKey = it.key;
      out.push(cur);
    }
  }
  return out;
}

/**
 * Aggregate one day's one-minute candles into N-minute candles aligned on the exchange's wall clock
 * (09:00, 09:05, …). `localMinutes[k]` is the local minute-of-day of `minutes[k]`.
 */
export function aggregateMinutes(
  minutes: readonly Candle[],
  localMinutes: readonly number[],
  size: number,
): Candle[] {
  if (size === 1) return minutes.map((c) => ({ ...c }));
  return mergeKeyed(
    minutes.map((candle, k) => {
      const local = localMinutes[k];
      const bucket = Math.floor(local / size);
      return { candle, key: bucket, bucketTime: candle.time - (local - bucket * size) * 60_000 };
    }),
  );
}

/** Bucket key of a trading day for weekly (Monday-based), monthly and yearly candles. */
export function dayBucket(period: '1D' | '1W' | '1M' | '12M', date: LocalDate): number {
  switch (period) {
    case '1D':
      return dayNumber(date);
    case '1W':
      return Math.floor((dayNumber(date) + 3) / 7);
    case '1M': {
      const [y, m] = dateParts(date);
      return y * 12 + m;
    }
    case '12M':
      return dateParts(date)[0];
  }
}
