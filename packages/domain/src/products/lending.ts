/**
 * Stock lending (貸株): the loan's status machine, the lending rate of an instrument and the fee's
 * accrual. Pure functions; the server books them, the web app shows the same figures.
 *
 * **Day count: actual/365 on calendar days.** As Japanese brokers do, the fee runs on every calendar day,
 * weekends and holidays included, at the last close: the close of trading day T covers T and the
 * non-trading days that follow it, up to the day before the next trading day (Friday's close pays for
 * Friday, Saturday and Sunday). A loan earns the closes that happen while it is lent (lent before the
 * close, recalled after it). Each calendar day's fee is `value × rate / 365` at the ledger's full scale
 * (4 decimals; a day's fee of ¥0.62 is kept as ¥0.6219, not dropped to ¥0). **Rounding happens once, at
 * the payment:** the sum of the days paid is rounded **down** to the currency's minor unit (a payout
 * rounds down; cash is always whole minor units).
 * **Payment:** the days of a calendar month are paid once the month is over (the first run of the daily
 * job in the next month, dates exchange-local), and whatever is unpaid is paid on recall.
 */
import type { Market } from '../currencies.ts';
import { daySchedule, nextTradingDay } from '../markets/calendar.ts';
import { addDays, dateParts, type LocalDate } from '../markets/time.ts';
import { MINOR_UNIT, roundTo, type Units } from '../money.ts';
import { codedMachine, statusMachine } from '../status-machine.ts';

// ---- the loan's status machine

/** A loan of shares: lent until recalled (by the user, or by the sell that closes the position). */
export type StockLoanState = 'lent' | 'recalled';
export const STOCK_LOAN = statusMachine<StockLoanState>('stock loan', {
  lent: ['recalled'],
  recalled: [],
});
/** How the loan table (and the wire's `status`) stores the state. */
export const STOCK_LOAN_CODE = { lent: 0, recalled: 1 } as const satisfies Record<StockLoanState, number>;
export const STOCK_LOAN_STATE = ['lent', 'recalled'] as const satisfies readonly StockLoanState[];
/** The machine read through its stored codes. */
export const STOCK_LOAN_CODED = codedMachine(STOCK_LOAN, STOCK_LOAN_CODE);
/** Why a loan ended: the user's recall, or the sell of the position (which recalls first). */
export type RecallReason = 'user' | 'sell';

// ---- which positions may be lent

/** A position as lending sees it (status codes of `POSITION_STATUS`: 0 is holding). */
export interface LendablePosition {
  status: number;
  leverage: number;
  direction: number;
  dayTrade: boolean;
}

/** Why a position cannot be lent, or null when it can: fully paid = leverage 1, long, holding, not a day trade. */
export function lendRefusal(p: LendablePosition): 'closed' | 'notFullyPaid' | null {
  if (p.status !== 0) return 'closed';
  if (p.leverage !== 1 || p.direction !== 1 || p.dayTrade) return 'notFullyPaid';
  return null;
}

// ---- the rate

/** A tier of the default rates: instruments whose market cap is at least `minCap` lend at `ratePpm`. */
export interface RateTier {
  minCap: Units;
  ratePpm: bigint;
}

/**
 * An instrument's annual lending rate (ppm, 1% = 10,000): the operator's rate for the symbol when set,
 * else the tier of its market cap (the highest `minCap` it reaches; large caps lend cheaply, small and
 * hard-to-borrow names dearly). No cap known, or below every tier: the smallest tier's rate.
 */
export function lendingRatePpm(
  marketCap: Units | null,
  tiers: readonly RateTier[],
  override?: bigint | null,
): bigint {
  if (override !== undefined && override !== null) return override;
  if (tiers.length === 0) return 0n;
  const sorted = [...tiers].sort((a, b) => (a.minCap < b.minCap ? 1 : a.minCap > b.minCap ? -1 : 0));
  if (marketCap !== null) for (const t of sorted) if (marketCap >= t.minCap) return t.ratePpm;
  return sorted[sorted.length - 1].ratePpm;
}

// ---- the accrual

/** One calendar day's fee: value × rate / 365 at the ledger's scale (not rounded to the minor unit). */
export function dailyLendingFee(value: Units, ratePpm: bigint, _market: Market): Units {
  if (value <= 0n || ratePpm <= 0n) return 0n;
  return (value * ratePpm) / (1_000_000n * 365n);
}

/** What a payment of accrued days pays: their sum, rounded once, down to the currency's minor unit. */
export function lendingPayment(market: Market, fees: readonly Units[]): Units {
  return roundTo(
    fees.reduce((s, f) => s + f, 0n),
    MINOR_UNIT[market],
    'down',
  );
}

/** The calendar days a trading day's close pays for: that day up to the day before the next trading day. */
export function daysCoveredBy(market: Market, tradingDay: LocalDate): LocalDate[] {
  const next = nextTradingDay(market, tradingDay);
  const out: LocalDate[] = [];
  for (let d = tradingDay; d < next; d = addDays(d, 1)) out.push(d);
  return out;
}

/**
 * The trading days whose close a loan earns and has not accrued yet: the closes in (lentAt, until]
 * (epoch ms) of days after `accruedThrough` (the last calendar day accrued; null: none yet).
 */
export function closesToAccrue(
  market: Market,
  lentAt: number,
  until: number,
  accruedThrough: LocalDate | null,
  localDateOf: (epochMs: number) => LocalDate,
): LocalDate[] {
  const out: LocalDate[] = [];
  const lent = localDateOf(lentAt);
  const last = localDateOf(until);
  // from the day after the last accrued (a loan lent long ago walks only its new days)
  const first = accruedThrough !== null && accruedThrough >= lent ? addDays(accruedThrough, 1) : lent;
  for (let d = first; d <= last; d = addDays(d, 1)) {
    const s = daySchedule(market, d);
    if (s && s.end > lentAt && s.end <= until) out.push(d);
  }
  return out;
}

export interface AccrualDay {
  /** The calendar day paid for. */
  day: LocalDate;
  /** The trading day whose close values it. */
  closeDay: LocalDate;
  close: Units;
  value: Units;
  ratePpm: bigint;
  fee: Units;
}

/** The accrual rows of one close: each calendar day it covers, at that close's value. */
export function accrueClose(
  market: Market,
  closeDay: LocalDate,
  close: Units,
  quantity: bigint,
  ratePpm: bigint,
): AccrualDay[] {
  const value = close * quantity;
  const fee = dailyLendingFee(value, ratePpm, market);
  return daysCoveredBy(market, closeDay).map((day) => ({ day, closeDay, close, value, ratePpm, fee }));
}

/** "YYYY-MM" of a local date. */
export const monthOf = (day: LocalDate): string => day.slice(0, 7);

/**
 * What a monthly payment run on `today` pays: the unpaid days of the months before `today`'s month, their
 * sum rounded once to the minor unit (`lendingPayment`). A recall pays every unpaid day (`today` 'all').
 */
export function dueForPayment<T extends { day: LocalDate; fee: Units }>(
  market: Market,
  unpaid: readonly T[],
  today: LocalDate | 'all',
): { rows: T[]; amount: Units } {
  const rows = today === 'all' ? [...unpaid] : unpaid.filter((r) => monthOf(r.day) < monthOf(today));
  return {
    rows,
    amount: lendingPayment(
      market,
      rows.map((r) => r.fee),
    ),
  };
}

/** The first day of the month after `day` (the payment of `day`'s month is due from then). */
export function nextMonthStart(day: LocalDate): LocalDate {
  const [y, m] = dateParts(day);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}
