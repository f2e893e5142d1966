/**
 * Day trading: an intraday margin line the user trades himself. The application's status machine, the
 * line rule (the margin of open day-trade positions never exceeds the approved amount), the settlement
 * and the day's forced-close instant. Pure functions; the server books them, the web app previews the
 * line with the same ones.
 */
import type { Market } from '../currencies.ts';
import { daySchedule, localDate, nextTradingDay } from '../markets/calendar.ts';
import type { LocalDate } from '../markets/time.ts';
import { codedMachine, statusMachine } from '../status-machine.ts';

// ---- the application's status machine ----

/**
 * An application waits in review (submitted), is approved for its trading day or rejected; an approved
 * line becomes trading with its first position, and ends complete (it traded, settled) or failed (the
 * day never traded, or the application was never decided before its day ended).
 */
export type DayTradeState = 'review' | 'approved' | 'rejected' | 'trading' | 'complete' | 'failed';
export const DAY_TRADE = /* @__PURE__ */ statusMachine<DayTradeState>('day-trade application', {
  review: ['approved', 'rejected', 'failed'],
  approved: ['trading', 'failed'],
  trading: ['complete'],
  rejected: [],
  complete: [],
  failed: [],
});
/** The stored and wire status codes (`/trade/urnjylist`): 0 in review … 5 failed. */
export const DAY_TRADE_CODE = {
  review: 0,
  approved: 1,
  rejected: 2,
  trading: 3,
  complete: 4,
  failed: 5,
} as const satisfies Record<DayTradeState, number>;
export const DAY_TRADE_STATE = [
  'review',
  'approved',
  'rejected',
  'trading',
  'complete',
  'failed',
] as const satisfies readonly DayTradeState[];
/** The machine read through its stored codes (what the server moves rows with). */
export const DAY_TRADE_CODED = /* @__PURE__ */ codedMachine(DAY_TRADE, DAY_TRADE_CODE);
/** The states in which an application is still open (one at a time per user). */
export const DAY_TRADE_OPEN: readonly DayTradeState[] = ['review', 'approved', 'trading'];
/** The states in which the user may open day-trade positions against the line. */
export const DAY_TRADE_LIVE: readonly DayTradeState[] = ['approved', 'trading'];

export const dayTradeStateOf = (code: number): DayTradeState => {
  const s = DAY_TRADE_STATE[code];
  if (s === undefined) throw new RangeError(`not a day-trade status: ${code}`);
  return s;
};

// ---- the line ----

/** The margin the open day-trade positions use. */
export const lineUsed = (openMargins: readonly bigint[]): bigint => openMargins.reduce((s, m) => s + m, 0n);

/** What is left of the line for new positions (never below zero). */
export function lineRemaining(approved: bigint, openMargins: readonly bigint[]): bigint {
  const left = approved - lineUsed(openMargins);
  return left > 0n ? left : 0n;
}

/**
 * Whether a new position of `margin` fits the line: the margin of the open positions plus the new one
 * may not exceed the approved amount.
 */
export const lineAllows = (approved: bigint, openMargins: readonly bigint[], margin: bigint): boolean =>
  margin > 0n && lineUsed(openMargins) + margin <= approved;

// ---- the settlement ----

/** One closed day-trade position, as the settlement sees it. */
export interface SettledTrade {
  /** The realised P&L before fees (gain positive, loss negative), as the close booked it. */
  gross: bigint;
  /** Every fee and tax of the round trip (buy and sell fees, stamp duty). */
  fees: bigint;
}

/**
 * What returns to cash at the end of the day: the line (the approved margin) ± the realised P&L − the
 * fees, never below zero (a loss beyond the line is the platform's, as in any close). The day's P&L is
 * the difference from the line.
 */
export function dayTradeSettlement(
  approved: bigint,
  trades: readonly SettledTrade[],
): { payout: bigint; pnl: bigint } {
  let line = approved;
  for (const t of trades) {
    line += t.gross - t.fees;
    if (line < 0n) line = 0n;
  }
  return { payout: line, pnl: line - approved };
}

// ---- the day ----

/** The end of continuous trading of a trading day (epoch ms), or null on a day the exchange is closed. */
export function continuousEnd(market: Market, date: LocalDate): number | null {
  const day = daySchedule(market, date);
  if (!day) return null;
  const open = day.phases.filter((p) => p.state === 'open');
  return open.length ? open[open.length - 1].end : day.end;
}

/** The instant every day-trade position of that day is force-closed: `minutes` before continuous trading ends. */
export function forcedCloseAt(market: Market, date: LocalDate, minutes: number): number | null {
  const end = continuousEnd(market, date);
  return end === null ? null : end - minutes * 60_000;
}

/**
 * The trading day an application made at `epochMs` is for: today when the exchange trades today and
 * its forced close has not come yet, else the next trading day.
 */
export function dayTradeDate(market: Market, epochMs: number, minutes: number): LocalDate {
  const today = localDate(market, epochMs);
  const cut = forcedCloseAt(market, today, minutes);
  if (cut !== null && epochMs < cut) return today;
  return nextTradingDay(market, today);
}

/** Whether the trading day's forced close has come (positions are closed and the line settles after it). */
export function isDayTradeOver(market: Market, date: LocalDate, minutes: number, epochMs: number): boolean {
  const cut = forcedCloseAt(market, date, minutes);
  // a date the exchange does not trade is over once it has passed
  if (cut === null) return localDate(market, epochMs) > date;
  return epochMs >= cut;
}
