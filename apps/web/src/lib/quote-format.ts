import type { Market } from '@kabuto/domain';
import { formatDecimal, toUnits, type WireValue } from './format.ts';

/**
 * Quote display helpers. Colours follow Japanese and Chinese broker convention: a rise is red, a fall
 * green (see --k-up / --k-down).
 */
export type Trend = 'up' | 'down' | 'flat';

export function trendOf(change: WireValue): Trend {
  const u = toUnits(change);
  if (u === null || u === 0n) return 'flat';
  return u > 0n ? 'up' : 'down';
}

/** CSS class for a figure coloured by its direction. */
export const trendClass = (change: WireValue): string => `k-trend-${trendOf(change)}`;

/** Decimal places in a decimal string ("0.1" → 1, "1" → 0). */
export function decimalsOf(value: WireValue): number {
  const m = /\.(\d*?)0*$/.exec(String(value ?? ''));
  return m ? m[1].length : 0;
}

const MARKET_PRICE_DECIMALS: Record<Market, number> = { jpy: 1, usd: 2, cny: 2, krw: 0 };

/** Price decimals: those of the tick size when known, else the market's usual. */
export function priceDecimals(market: string, tick?: WireValue): number {
  if (tick) return Math.min(4, decimalsOf(tick));
  return MARKET_PRICE_DECIMALS[market as Market] ?? 2;
}

export const formatPrice = (price: WireValue, decimals: number): string => formatDecimal(price, decimals);

/** Signed change: "+12.5" / "-3.0" / "0.0". */
export function formatSigned(value: WireValue, decimals: number): string {
  const text = formatDecimal(value, decimals);
  if (text === '--') return text;
  return trendOf(value) === 'up' ? `+${text}` : text;
}

/** Signed percentage: "+1.25%". */
export const formatPercent = (value: WireValue): string => {
  const text = formatSigned(value, 2);
  return text === '--' ? text : `${text}%`;
};
