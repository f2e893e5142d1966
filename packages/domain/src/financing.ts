/**
 * The costs of a margin position (信用取引の諸経費): the buy side's interest (買方金利) on what the broker
 * lends, the short side's stock lending fee (貸株料) on the short value, and the premium charged to shorts
 * when the stock is scarce (逆日歩, 品貸料), plus the term of a standard margin position (制度信用の期日).
 * Pure functions; the server accrues and posts them, the web app can show the same figures.
 *
 * **Bases, fixed at the open** (as Japanese brokers charge on the contract value, 約定代金):
 * - interest: the financed amount of a margin long, its contract value minus the margin the user put up;
 * - lending fee: the short value, the contract value of a short;
 * - premium: the shares shorted (the operator's rate is an amount per share per day, as the exchange
 *   publishes 逆日歩: e.g. ¥0.05 a share a day).
 * A fully paid (1×) long has none.
 *
 * **Day count: actual/365 on calendar days, both ends counted (両端入れ):** every calendar day from the
 * open's exchange-local date to the close's is charged, weekends and holidays included. A day's interest
 * or fee is `base × rate / 365`, kept exactly (as the fraction's numerator over {@link FINANCING_DENOMINATOR},
 * never truncated per day); **rounding happens once, when the days are posted**: the sum, rounded down to
 * the currency's minor unit (1円未満切り捨て, as brokers do).
 */
import type { Market } from './currencies.ts';
import { tradingDayOnOrBefore } from './markets/calendar.ts';
import { addDays, dateParts, type LocalDate, makeDate } from './markets/time.ts';
import { MINOR_UNIT, roundTo, type Units } from './money.ts';

/** The three costs, each its own fund record type and ledger transfer code. */
export const FINANCING_KINDS = ['margin_interest', 'short_fee', 'short_premium'] as const;
export type FinancingKind = (typeof FINANCING_KINDS)[number];

/** Days in the year of the day count (actual/365). */
export const FINANCING_YEAR_DAYS = 365n;
/** The denominator of every day's exact charge: ppm × 365 days. */
export const FINANCING_DENOMINATOR = 1_000_000n * FINANCING_YEAR_DAYS;

/** A margin position as its costs see it (the stored row's fields). */
export interface FinancedPosition {
  /** 1 long, 2 short. */
  direction: number;
  leverage: number;
  openPrice: Units;
  quantity: bigint;
  /** The margin the user put up (contract value / leverage). */
  margin: Units;
}

/** What one kind of cost runs on: an amount (units) for interest and the lending fee, shares for the premium. */
export interface FinancingBase {
  kind: FinancingKind;
  base: bigint;
}

/**
 * The bases of a position's costs: a margin long pays interest on what is lent (contract value − margin);
 * a short pays the lending fee on its value and the premium on its shares. A 1× long: none.
 */
export function financingBases(p: FinancedPosition): FinancingBase[] {
  const value = p.openPrice * p.quantity;
  if (p.direction === 2)
    return [
      { kind: 'short_fee', base: value },
      { kind: 'short_premium', base: p.quantity },
    ];
  const lent = value - p.margin;
  return p.leverage > 1 && lent > 0n ? [{ kind: 'margin_interest', base: lent }] : [];
}

/**
 * One calendar day's charge as a numerator over {@link FINANCING_DENOMINATOR}: `base × ratePpm` (a yearly
 * rate in ppm, 1% = 10,000) for interest and the lending fee; for the premium `shares × rate` where the
 * rate is units per share per day (exact, no day count).
 */
export function dayNumerator(kind: FinancingKind, base: bigint, rate: bigint): bigint {
  if (base <= 0n || rate <= 0n) return 0n;
  return kind === 'short_premium' ? base * rate * FINANCING_DENOMINATOR : base * rate;
}

/** The numerator of days of one kind from their summed `base × rate` (the premium has no day count). */
export const summedNumerator = (kind: FinancingKind, sumOfBaseTimesRate: bigint): bigint =>
  kind === 'short_premium' ? sumOfBaseTimesRate * FINANCING_DENOMINATOR : sumOfBaseTimesRate;

/** Accrued days at full precision: the exact sum truncated to the ledger's scale (what "accrued" shows). */
export const accruedUnits = (numerator: bigint): Units => numerator / FINANCING_DENOMINATOR;

/** What posting accrued days charges: the exact sum, rounded once, down to the currency's minor unit. */
export const financingCharge = (market: Market, numerator: bigint): Units =>
  roundTo(accruedUnits(numerator), MINOR_UNIT[market], 'down');

/**
 * The calendar days still to accrue: from the day after `accruedThrough` (or the open's date when none
 * is) through `through`, both inclusive; none when `through` is before the first.
 */
export function financingDays(
  openDay: LocalDate,
  through: LocalDate,
  accruedThrough: LocalDate | null,
): LocalDate[] {
  const first = accruedThrough !== null && accruedThrough >= openDay ? addDays(accruedThrough, 1) : openDay;
  const out: LocalDate[] = [];
  for (let d = first; d <= through; d = addDays(d, 1)) out.push(d);
  return out;
}

// ---- the term of a standard margin position (制度信用)

/**
 * Months a margin position may stay open, per market (null: no term). Japan's standard margin (制度信用)
 * and China's 融资融券 contracts run 6 months; Regulation T (US) and this broker's Korean credit have none.
 */
export const MARGIN_TERM_MONTHS: Record<Market, number | null> = {
  jpy: 6,
  cny: 6,
  usd: null,
  krw: null,
};

/** The same day `months` later (the month's last day when it has no such day: 08-31 → 02-28). */
export function addMonths(day: LocalDate, months: number): LocalDate {
  const [y, m, d] = dateParts(day);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = dateParts(
    addDays(makeDate(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1), -1),
  )[2];
  return makeDate(year, month, Math.min(d, last));
}

/**
 * The last day of a margin position opened on `openDay` (期日): the same day `MARGIN_TERM_MONTHS` later
 * (応当日), or the trading day before it when the exchange is closed then; null in a market without a term.
 */
export function marginTermEnd(market: Market, openDay: LocalDate): LocalDate | null {
  const months = MARGIN_TERM_MONTHS[market];
  if (months === null) return null;
  return tradingDayOnOrBefore(market, addMonths(openDay, months));
}
