/**
 * The first price of a new listing, and the exchange rules it obeys.
 *
 * Opening rules (the range the first price may be set in, as multiples of the offer price):
 * - Tokyo: 75% to 230% of the offer price (the initial quote range of TSE new listings);
 * - China main boards: 64% to 144% (the first day's limits of a main-board IPO);
 * - Korea: 60% to 400% (KRX's first-day range since 2023);
 * - US: no exchange range; the model keeps the first price between 50% and 300% of the offer.
 *
 * The model: Japanese first-day returns are mostly positive and widely spread, with some listings
 * below the offer (公募割れ). A seeded draw gives a normal log-return (mean and spread per market), and
 * the price is clamped to the range and snapped to the market's tick. Same seed, same first price.
 */

import { snapToTick } from '../markets/ticks.ts';
import type { TickTableId } from '../markets/types.ts';
import { UNIT, type Units } from '../money.ts';
import { seededRandom } from './draw.ts';

export interface IpoOpeningRule {
  /** Lowest and highest first price, in per mille of the offer price. */
  minPermille: bigint;
  maxPermille: bigint;
  /** True when the range is an exchange rule; false when it only bounds the model. */
  exchangeRule: boolean;
}

export type IpoMarket = 'jpy' | 'usd' | 'cny' | 'krw';

export const IPO_OPENING_RULES: Record<IpoMarket, IpoOpeningRule> = {
  jpy: { minPermille: 750n, maxPermille: 2300n, exchangeRule: true },
  cny: { minPermille: 640n, maxPermille: 1440n, exchangeRule: true },
  krw: { minPermille: 600n, maxPermille: 4000n, exchangeRule: true },
  usd: { minPermille: 500n, maxPermille: 3000n, exchangeRule: false },
};

/** Mean and spread of the first-day log return the model draws from, per market. */
const MODEL: Record<IpoMarket, { mean: number; sd: number }> = {
  jpy: { mean: 0.3, sd: 0.45 },
  cny: { mean: 0.3, sd: 0.1 },
  krw: { mean: 0.35, sd: 0.5 },
  usd: { mean: 0.15, sd: 0.3 },
};

/** The range a first price must fall in, in price units, snapped inside it to the tick. */
export function ipoOpeningRange(
  market: IpoMarket,
  offerPrice: Units,
  tick: TickTableId,
): { low: Units; high: Units } {
  const rule = IPO_OPENING_RULES[market];
  const low = snapToTick(tick, (offerPrice * rule.minPermille + 999n) / 1000n, 'up');
  const high = snapToTick(tick, (offerPrice * rule.maxPermille) / 1000n, 'down');
  return { low, high };
}

/** Standard normal from two uniforms (Box–Muller). */
function normal(seed: string): number {
  const rng = seededRandom(seed);
  const u1 = (rng.next() + 1) / 2 ** 32;
  const u2 = rng.next() / 2 ** 32;
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/**
 * The first price of a listing: offer × e^(mean + sd × z), z a seeded standard normal, clamped to the
 * opening range and snapped to the tick. The float only picks a point of the range; the price itself
 * is exact units on the tick.
 */
export function ipoFirstPrice(seed: string, market: IpoMarket, offerPrice: Units, tick: TickTableId): Units {
  if (offerPrice <= 0n) throw new Error('offer price must be positive');
  const { low, high } = ipoOpeningRange(market, offerPrice, tick);
  const m = MODEL[market];
  const ratio = Math.exp(m.mean + m.sd * normal(seed));
  // Per million of the offer price, bounded so that the float never leaves the safe integer range.
  const ppm = BigInt(Math.round(Math.min(Math.max(ratio, 0), 100) * 1_000_000));
  const raw = (offerPrice * ppm) / 1_000_000n;
  const clamped = raw < low ? low : raw > high ? high : raw;
  const snapped = snapToTick(tick, clamped, 'nearest');
  if (snapped < low) return low;
  if (snapped > high) return high;
  return snapped > 0n ? snapped : UNIT;
}
