/**
 * Corporate actions on a broker's books: splits and reverse splits, cash dividends, and their dates.
 * Pure functions; the server applies them once per action on the ex-date, before the session.
 *
 * **Dates.** Japan (T+2): the record date (権利確定日) rolls back to the last business day on or before
 * it, and the ex-date is the business day before that (the last cum date is two business days before
 * the record date). The US (T+1): the ex-date is the record date. China and Korea follow Japan's rule
 * here.
 *
 * **Split** (ratio = shares after per share before, 4, 1/10 for a 10:1 reverse split): quantity × ratio,
 * the cost (fill price) ÷ ratio at the ledger's full scale (4 decimals, half up), so value and P&L do not
 * move. Open orders' quantities × ratio (rounded down) and their prices ÷ ratio **rounded to the tick
 * away from the market**: a price the user buys at rounds down, a price the user sells at rounds up, so
 * an adjusted order is never more aggressive than the one placed; a stop price and a trailing amount
 * round to the nearest tick. A fraction of a share is settled in cash at the ex-date's base price: the
 * position's margin for it is released and its P&L against the adjusted cost is paid (or charged), the
 * sum rounded down to the currency's minor unit.
 *
 * **Dividend**: a cash long (leverage 1) is paid the dividend net of tax on the payment date; a lent
 * position the lender's equivalent (the same net amount) on the payment date; a margin long the
 * 配当落調整金 net of the tax equivalent and a short is charged the gross 配当落調整金, both on the
 * ex-date. Payouts round down to the minor unit, charges round up.
 */
import type { Market } from './currencies.ts';
import {
  nextTradingDay,
  previousTradingDay,
  tradingDayOnOrAfter,
  tradingDayOnOrBefore,
} from './markets/calendar.ts';
import { snapToTick } from './markets/ticks.ts';
import { addDays, type LocalDate } from './markets/time.ts';
import type { TickTableId } from './markets/types.ts';
import { MINOR_UNIT, roundTo, type Units } from './money.ts';
import { type DividendWithholding, withholdingOnDividend } from './tax/dividend.ts';

// ---- dates

/** The ex-date of an action whose record date is `record`. */
export function exDateForRecord(market: Market, record: LocalDate): LocalDate {
  const effective = tradingDayOnOrBefore(market, record);
  return market === 'usd' ? effective : previousTradingDay(market, effective);
}

/** The record date of an action going ex on `exDate` (the inverse of {@link exDateForRecord}). */
export const recordDateForEx = (market: Market, exDate: LocalDate): LocalDate =>
  market === 'usd' ? exDate : nextTradingDay(market, exDate);

/** Days from the record date to the payment date, as issuers of each market usually pay. */
export const PAYMENT_LAG_DAYS: Record<Market, number> = { jpy: 80, usd: 21, cny: 7, krw: 100 };

/** A usual payment date for a dividend on record at `record` (a business day). */
export const paymentDateFor = (market: Market, record: LocalDate): LocalDate =>
  tradingDayOnOrAfter(market, addDays(record, PAYMENT_LAG_DAYS[market]));

// ---- split

/** A split ratio as a fraction: `num` shares after for every `den` before. */
export interface SplitRatio {
  num: bigint;
  den: bigint;
}

/** The fraction of a ratio as providers state it (4, 0.1, 1.5); throws when it is not a simple fraction. */
export function splitRatio(ratio: number): SplitRatio {
  if (!(ratio > 0) || !Number.isFinite(ratio)) throw new RangeError(`bad split ratio ${ratio}`);
  for (let den = 1; den <= 1000; den++) {
    const num = Math.round(ratio * den);
    if (num > 0 && Math.abs(num / den - ratio) < 1e-9) return { num: BigInt(num), den: BigInt(den) };
  }
  throw new RangeError(`bad split ratio ${ratio}`);
}

const halfUpDiv = (a: bigint, b: bigint): bigint => (2n * a + b) / (2n * b);

/** A price (or a cost) ÷ ratio at the ledger's scale, half up. */
export const splitPrice = (price: Units, r: SplitRatio): Units => halfUpDiv(price * r.den, r.num);

/** Which side of the market an order's price is on. */
export type PriceSide = 'buy' | 'sell' | 'nearest';

/** An open order's price after a split, on the tick grid (see the module's rounding rule). */
export function splitOrderPrice(
  price: Units,
  r: SplitRatio,
  side: PriceSide,
  tick: TickTableId,
  date?: LocalDate,
): Units {
  const exact = price * r.den;
  const q = exact / r.num;
  const raw = side === 'buy' ? q : side === 'sell' && exact % r.num !== 0n ? q + 1n : splitPrice(price, r);
  return snapToTick(tick, raw, side === 'buy' ? 'down' : side === 'sell' ? 'up' : 'nearest', date);
}

/** An order's quantity after a split (a fraction of a share is dropped from an order). */
export const splitOrderQuantity = (quantity: bigint, r: SplitRatio): bigint => (quantity * r.num) / r.den;

export interface SplitHolding {
  quantity: bigint;
  /** The fill price (cost per share). */
  openPrice: Units;
  margin: Units;
  /** 1 long, 2 short. */
  direction: number;
}

export interface SplitOutcome {
  quantity: bigint;
  openPrice: Units;
  /** The margin the position keeps. */
  margin: Units;
  /** Fraction of a share settled in cash (numerator over `ratio.den`; 0: none). */
  fractionNum: bigint;
  /** The margin released for the fraction. */
  fractionMargin: Units;
  /** Signed cash to the user for the fraction: its margin plus its P&L at the base price, rounded down. */
  fractionCash: Units;
}

/**
 * A holding after a split going ex at `base` (the ex-date's base price, per new share). When the whole
 * holding is a fraction (fewer than one new share), the position is settled entirely in cash
 * (`quantity` 0).
 */
export function splitHolding(h: SplitHolding, r: SplitRatio, base: Units, market: Market): SplitOutcome {
  const scaled = h.quantity * r.num;
  const quantity = scaled / r.den;
  const fractionNum = scaled % r.den;
  const openPrice = splitPrice(h.openPrice, r);
  if (fractionNum === 0n)
    return { quantity, openPrice, margin: h.margin, fractionNum, fractionMargin: 0n, fractionCash: 0n };
  const minor = MINOR_UNIT[market];
  // the fraction's share of the margin, in proportion to shares (the rest stays with the position)
  const fractionMargin =
    quantity === 0n ? h.margin : roundTo((h.margin * fractionNum) / scaled, minor, 'down');
  const move = (base - openPrice) * (h.direction === 1 ? 1n : -1n);
  const pnl = (move * fractionNum) / r.den;
  const fractionCash = roundTo(fractionMargin + pnl, minor, 'down');
  return {
    quantity,
    openPrice,
    margin: h.margin - fractionMargin,
    fractionNum,
    fractionMargin,
    fractionCash,
  };
}

// ---- dividend

/** How a position takes part in a dividend. */
export type DividendRole = 'holder' | 'lender' | 'margin_long' | 'short';

export interface DividendPosition {
  direction: number;
  leverage: number;
  lent: boolean;
  quantity: bigint;
  /** Held in NISA: a holder's dividend received through the broker is tax-free. */
  nisa?: boolean;
}

export const dividendRole = (p: DividendPosition): DividendRole =>
  p.direction !== 1 ? 'short' : p.lent ? 'lender' : p.leverage > 1 ? 'margin_long' : 'holder';

export interface DividendEntitlement {
  role: DividendRole;
  /** Gross amount: quantity × dividend, to the minor unit (down for a payout, up for a charge). */
  gross: Units;
  /** The tax (or its equivalent) kept back from a payout; zeros for a charge. */
  withholding: DividendWithholding;
  /** Signed cash to the user: + the net payout, − the charge. */
  amount: Units;
  /** Booked on the payment date (a holder's dividend, a lender's equivalent) or on the ex-date. */
  on: 'payment' | 'ex';
  /** The fund record type. */
  recordType: 'dividend' | 'manufactured_dividend';
}

/**
 * What one position receives or pays for a dividend of `cash` per share (units, per share as held on
 * the record date), paid on `paymentDate` (the tax rates in effect). `sourcePpm`: the provider's
 * withholding at source (foreign stocks).
 *
 * Only a holder's dividend is taxed (its `withholding` is real tax, moved to the platform's
 * `tax_withheld` account on the payment date; none in NISA). A lender's equivalent and a margin long's
 * 配当落調整金 are not dividends: they are paid net of the same amounts as a tax equivalent, which stays
 * with the counterparty.
 */
export function dividendEntitlement(
  p: DividendPosition,
  cash: Units,
  market: Market,
  paymentDate: LocalDate,
  sourcePpm?: bigint,
): DividendEntitlement {
  const role = dividendRole(p);
  const minor = MINOR_UNIT[market];
  const raw = p.quantity * cash;
  if (role === 'short') {
    const gross = roundTo(raw, minor, 'up');
    return {
      role,
      gross,
      withholding: { gross, foreign: 0n, national: 0n, local: 0n, net: gross },
      amount: -gross,
      on: 'ex',
      recordType: 'manufactured_dividend',
    };
  }
  const gross = roundTo(raw, minor, 'down');
  const withholding = withholdingOnDividend({
    market,
    gross,
    date: paymentDate,
    sourcePpm,
    exempt: role === 'holder' && p.nisa === true,
  });
  return {
    role,
    gross,
    withholding,
    amount: withholding.net,
    on: role === 'margin_long' ? 'ex' : 'payment',
    recordType: role === 'margin_long' ? 'manufactured_dividend' : 'dividend',
  };
}
