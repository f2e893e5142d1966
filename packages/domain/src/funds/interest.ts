import type { Currency } from '../currencies.ts';
import { MINOR_UNIT, roundTo, type Units } from '../money.ts';

const DAY_MS = 86_400_000;

/**
 * Interest of a loan: principal × annual rate (ppm) × days / 365, rounded up to the currency's minor
 * unit (charges round up).
 */
export function interestFor(amount: Units, ratePpm: bigint, days: number, currency: Currency): Units {
  const num = amount * ratePpm * BigInt(days);
  const den = 1_000_000n * 365n;
  const raw = (num + den - 1n) / den;
  return roundTo(raw, MINOR_UNIT[currency], 'up');
}

/** Days a loan has run: counted from the payout, started days count whole, at least one. */
export const daysBorrowed = (from: Date, now: number): number =>
  Math.max(1, Math.ceil((now - from.getTime()) / DAY_MS));
