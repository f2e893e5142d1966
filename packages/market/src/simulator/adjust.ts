import type { Adjust } from '../types.ts';
import type { SymbolSeries } from './series.ts';

/** Fixed-point scale of adjustment factors. */
export const FACTOR_ONE = 1_000_000_000_000n;

const mulRatio = (f: bigint, num: bigint, den: bigint): bigint => (f * num * 2n + den) / (2n * den);

/**
 * Price adjustment factors for trading days [from, to] as of day `asOf`.
 * forward: prices before an ex-date are scaled by base / previous close (the latest prices unchanged);
 * backward: prices from an ex-date on are scaled by previous close / base (the earliest prices unchanged).
 */
export function adjustmentFactors(
  s: SymbolSeries,
  from: number,
  to: number,
  asOf: number,
  adjust: Adjust,
): bigint[] {
  const n = to - from + 1;
  const out: bigint[] = new Array(Math.max(0, n)).fill(FACTOR_ONE);
  if (adjust === 'none' || n <= 0) return out;
  const actions = new Set(s.actionDays.filter((e) => e <= asOf));
  if (adjust === 'forward') {
    let f = FACTOR_ONE;
    for (let i = asOf; i >= from; i--) {
      if (i <= to) out[i - from] = f;
      if (actions.has(i)) f = mulRatio(f, BigInt(s.base[i]), BigInt(s.close[i - 1]));
    }
  } else {
    let f = FACTOR_ONE;
    for (const e of s.actionDays)
      if (e <= from && e <= asOf) f = mulRatio(f, BigInt(s.close[e - 1]), BigInt(s.base[e]));
    for (let i = from; i <= to; i++) {
      if (i > from && actions.has(i)) f = mulRatio(f, BigInt(s.close[i - 1]), BigInt(s.base[i]));
      out[i - from] = f;
    }
  }
  return out;
}

/** Apply a factor to a price in units; adjusted prices are rounded half up to 0.01. */
export function adjustPrice(price: number, factor: bigint): bigint {
  const p = BigInt(price);
  if (factor === FACTOR_ONE) return p;
  const step = FACTOR_ONE * 100n;
  return ((p * factor * 2n + step) / (2n * step)) * 100n;
}
