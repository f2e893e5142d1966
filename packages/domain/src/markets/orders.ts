/**
 * How an order meets the market (the order book's rules, pure): when an order placed now may fill,
 * which call auction it waits for, whether a price crosses it, and the pro-rata allocation of a market
 * locked at its daily limit. The server's venue and jobs apply them; the web previews with them.
 */
import type { Market } from '../currencies.ts';
import { MINOR_UNIT, roundTo } from '../money.ts';
import { positionMargin } from '../positions.ts';
import {
  addTradingDays,
  daySchedule,
  isContinuousTrading,
  localDate,
  tradingDayOnOrAfter,
} from './calendar.ts';
import { addDays, type LocalDate } from './time.ts';

/**
 * A call point: an instant at which the orders waiting for it cross at one price (板寄せ). `open` is the
 * start of each continuous phase (the morning open and, in Tokyo, the afternoon's opening auction; for
 * Shanghai's and Seoul's opening calls and New York's opening cross this is the first price of the day);
 * `close` is the end of the day's session (Tokyo 15:30, Shanghai 15:00, Seoul 15:30, New York 16:00).
 */
export interface CallPoint {
  at: number;
  kind: 'open' | 'close';
  /** The exchange-local trading day it belongs to. */
  date: LocalDate;
}

/** The call points of a trading day, in time order (empty when the market does not trade that day). */
export function callPoints(market: Market, date: LocalDate): CallPoint[] {
  const s = daySchedule(market, date);
  if (!s) return [];
  const out: CallPoint[] = [];
  for (const p of s.phases) if (p.state === 'open') out.push({ at: p.start, kind: 'open', date });
  out.push({ at: s.end, kind: 'close', date });
  return out;
}

/**
 * The first call point strictly after `after` (of `kind` when given), looking up to 60 days ahead.
 * An order placed at `t` outside continuous trading waits for `nextCallPoint(market, t - 1)`: a point at
 * exactly `t` (the open itself) is continuous trading already.
 */
export function nextCallPoint(market: Market, after: number, kind?: CallPoint['kind']): CallPoint {
  let date = localDate(market, after);
  for (let i = 0; i < 60; i++) {
    for (const p of callPoints(market, date)) if (p.at > after && (!kind || p.kind === kind)) return p;
    date = addDays(date, 1);
  }
  throw new RangeError(`no call point for ${market} after ${new Date(after).toISOString()}`);
}

/** When an order is to be executed: 'any' (continuous trading and auctions), on-open (寄) or on-close (引). */
export type OrderTiming = 'any' | 'open' | 'close';

/**
 * Where an order placed at `now` goes: it may fill now (continuous trading, an order for any time), or
 * it waits for a call point: the next opening (寄) or closing (引) auction for on-open and on-close orders,
 * else the next call of its market (the next open before the session and at lunch, the close during the
 * closing auction, the next day's open after the close).
 */
export function orderSession(
  market: Market,
  now: number,
  timing: OrderTiming,
): { continuous: true } | { continuous: false; waitsFor: CallPoint } {
  if (timing === 'any' && isContinuousTrading(market, now)) return { continuous: true };
  if (timing === 'any') return { continuous: false, waitsFor: nextCallPoint(market, now) };
  return { continuous: false, waitsFor: nextCallPoint(market, now, timing) };
}

/** Days an until-date order may stay valid, counting the day of its first session. */
export const MAX_VALID_TRADING_DAYS = 15;

/** The last trading day an until-date order may name: 15 trading days counting its first session's day. */
export function lastValidDay(market: Market, firstDay: LocalDate): LocalDate {
  return addTradingDays(market, tradingDayOnOrAfter(market, firstDay), MAX_VALID_TRADING_DAYS - 1);
}

/** Whether `until` is a valid end date for an order whose first session is on `firstDay`. */
export function checkValidUntil(market: Market, firstDay: LocalDate, until: LocalDate): boolean {
  return until >= firstDay && until <= lastValidDay(market, firstDay);
}

/**
 * Whether a price crosses an order: a market order always; a buy (long, direction 1) limit when the price
 * is at or below it; a sell (short, direction 2) limit when the price is at or above it.
 */
export function crosses(direction: 1 | 2, limit: bigint | null, price: bigint): boolean {
  if (limit === null) return true;
  return direction === 1 ? price <= limit : price >= limit;
}

/**
 * The price a marketable order fills at in continuous trading: the market price, never worse than its
 * limit (null when the limit is not reached).
 */
export function continuousFill(direction: 1 | 2, limit: bigint | null, market: bigint): bigint | null {
  return crosses(direction, limit, market) ? market : null;
}

/**
 * Whether the market is locked against a market order's side: buys (long) at limit-up, sells (short)
 * at limit-down. Such an order does not fill at once; it waits for the close's allocation.
 */
export function lockedAgainst(
  direction: 1 | 2,
  price: bigint,
  limits: { up: bigint | null; down: bigint | null },
): boolean {
  return direction === 1
    ? limits.up !== null && price >= limits.up
    : limits.down !== null && price <= limits.down;
}

/**
 * Stop allocation (ストップ配分), simplified: when the day ends locked at its limit, `available` shares
 * (the simulator's volume at the limit, the closing print's) go to the waiting orders on the locked side
 * pro rata to their quantities, rounded down to whole shares; the shares left by the rounding go one each
 * to the orders with the largest remainders, the earlier order first on a tie. When the orders ask for no
 * more than is available, each gets all it asked for. Returns the shares of each order, in input order.
 */
export function stopAllocation(quantities: readonly bigint[], available: bigint): bigint[] {
  const total = quantities.reduce((a, b) => a + b, 0n);
  if (total <= available) return [...quantities];
  if (available <= 0n) return quantities.map(() => 0n);
  const base = quantities.map((q) => (q * available) / total);
  let left = available - base.reduce((a, b) => a + b, 0n);
  const order = quantities
    .map((q, i) => ({ i, rem: (q * available) % total }))
    .sort((a, b) => (a.rem === b.rem ? a.i - b.i : a.rem > b.rem ? -1 : 1));
  for (const { i } of order) {
    if (left <= 0n) break;
    if (base[i] < quantities[i]) {
      base[i] += 1n;
      left -= 1n;
    }
  }
  return base;
}

/** What a position carries that a partial close divides. */
export interface Divisible {
  quantity: bigint;
  openPrice: bigint;
  leverage: number;
  margin: bigint;
  buyFee: bigint;
  stampDuty: bigint;
}

/**
 * A partial close of `quantity` shares: the part closed and the rest kept. The rest keeps the margin its
 * shares need at the open price (the part takes what is left of the margin, so the two add up to what was
 * held); the opening fees are shared pro rata to the shares, the part's rounded down to the currency's
 * minor unit, the rest keeping the remainder.
 */
export function splitPosition(
  market: Market,
  p: Divisible,
  quantity: bigint,
): { part: Omit<Divisible, 'openPrice' | 'leverage'>; rest: Omit<Divisible, 'openPrice' | 'leverage'> } {
  if (quantity <= 0n || quantity >= p.quantity)
    throw new RangeError(`cannot split ${quantity} of ${p.quantity}`);
  const restQty = p.quantity - quantity;
  const need = positionMargin(market, p.openPrice, restQty, p.leverage);
  const restMargin = need < p.margin ? need : p.margin;
  const share = (x: bigint) => roundTo((x * quantity) / p.quantity, MINOR_UNIT[market], 'down');
  const partFee = share(p.buyFee);
  const partDuty = share(p.stampDuty);
  return {
    part: { quantity, margin: p.margin - restMargin, buyFee: partFee, stampDuty: partDuty },
    rest: {
      quantity: restQty,
      margin: restMargin,
      buyFee: p.buyFee - partFee,
      stampDuty: p.stampDuty - partDuty,
    },
  };
}
