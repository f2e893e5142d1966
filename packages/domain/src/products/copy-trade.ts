/**
 * Copy-trade ("quant auto trading") products: a model portfolio whose value per unit (NAV) comes from
 * market prices, and the follower's stake. Pure functions; the server books them, the web app previews
 * with the same ones.
 *
 * - A product holds, per product unit, a fixed quantity of each constituent, set at inception and at
 *   each rebalance (`holdingsFor`: weight × NAV / price). NAV = Σ quantity × price; it starts at 1.0000.
 * - A follower's stake buys units = amount / NAV. After each close the daily P&L is
 *   units × (NAV today − NAV yesterday), taken as the change of the stake's value
 *   (`stakeValue(units, nav)`, rounded down once), so the daily figures add up exactly to the change of
 *   the stake's value over any span.
 * - A gain is paid to cash; a loss reduces the stake and never more than what is left of it.
 */
import type { Market } from '../currencies.ts';
import { daySchedule, localDate, previousTradingDay, tradingDayOnOrBefore } from '../markets/calendar.ts';
import type { LocalDate } from '../markets/time.ts';
import { roundTo, type Units } from '../money.ts';
import { codedMachine, type StatusMachine, statusMachine } from '../status-machine.ts';

/** NAV is a price at the money scale: 1.0000 = 10_000. */
export const NAV_ONE: bigint = 10_000n;
/** Product units are counted at scale 4 too (1 unit = 10_000). */
export const PRODUCT_UNIT: bigint = 10_000n;
/** A constituent's quantity per product unit is stored × 10^12 (a fraction of a share). */
export const QTY_SCALE: bigint = 10n ** 12n;
/** Weights are basis points of the portfolio; they add up to 10_000. */
export const WEIGHT_TOTAL = 10_000;

export interface Weight {
  symbol: string;
  /** Basis points (1..10_000); all weights of a product add up to {@link WEIGHT_TOTAL}. */
  weightBp: number;
}

export interface Holding extends Weight {
  /** Shares of the constituent per product unit, × {@link QTY_SCALE}. */
  qty: bigint;
}

/** Why a set of weights cannot be a portfolio (null when it can). */
export function weightsProblem(weights: readonly Weight[]): 'empty' | 'duplicate' | 'range' | 'sum' | null {
  if (weights.length === 0) return 'empty';
  if (new Set(weights.map((w) => w.symbol)).size !== weights.length) return 'duplicate';
  if (weights.some((w) => !Number.isInteger(w.weightBp) || w.weightBp <= 0 || w.weightBp > WEIGHT_TOTAL))
    return 'range';
  if (weights.reduce((s, w) => s + w.weightBp, 0) !== WEIGHT_TOTAL) return 'sum';
  return null;
}

/**
 * The quantities per product unit that give each constituent its weight of `nav` at `prices` (inception:
 * nav = 1.0000; a rebalance: the NAV at that moment, so the NAV does not jump). Rounded down.
 */
export function holdingsFor(
  weights: readonly Weight[],
  nav: Units,
  prices: ReadonlyMap<string, Units>,
): Holding[] {
  const problem = weightsProblem(weights);
  if (problem) throw new RangeError(`weights: ${problem}`);
  if (nav <= 0n) throw new RangeError('nav must be positive');
  return weights.map((w) => {
    const price = prices.get(w.symbol);
    if (price === undefined || price <= 0n) throw new RangeError(`no price for ${w.symbol}`);
    const qty = (BigInt(w.weightBp) * nav * QTY_SCALE) / (BigInt(WEIGHT_TOTAL) * price);
    return { symbol: w.symbol, weightBp: w.weightBp, qty };
  });
}

/** NAV of a portfolio at `prices`: Σ quantity × price, rounded down; null when a price is missing. */
export function navOf(holdings: readonly Holding[], prices: ReadonlyMap<string, Units>): Units | null {
  let sum = 0n;
  for (const h of holdings) {
    const price = prices.get(h.symbol);
    if (price === undefined) return null;
    sum += h.qty * price;
  }
  return sum / QTY_SCALE;
}

/** Units bought with `amount` at `nav` (rounded down). */
export function unitsFor(amount: Units, nav: Units): bigint {
  if (nav <= 0n) throw new RangeError('nav must be positive');
  if (amount < 0n) throw new RangeError('amount must not be negative');
  return (amount * PRODUCT_UNIT) / nav;
}

/** What `units` are worth at `nav` (rounded down). */
export function stakeValue(units: bigint, nav: Units): Units {
  return (units * nav) / PRODUCT_UNIT;
}

/** units × (NAV today − NAV yesterday), as the change of the stake's value: negative for a loss. */
export function dailyPnl(units: bigint, navBefore: Units, navAfter: Units): Units {
  return stakeValue(units, navAfter) - stakeValue(units, navBefore);
}

/** How one day's P&L is booked: a gain paid to cash, or a loss taken out of the stake (never beyond it). */
export interface DaySettlement {
  /** The P&L the record shows: the gain, or minus the loss booked. */
  booked: Units;
  /** Paid from the platform to the user's cash (≥ 0). */
  toCash: Units;
  /** Taken from the stake to the platform (≥ 0, at most the stake). */
  fromStake: Units;
  /** The stake after the day. */
  stakeAfter: Units;
}

/**
 * `minor`: the currency's minor unit (`MINOR_UNIT`); the day is rounded once, here, to whole minor units
 * so cash and the stake stay whole: a gain down (a payout), a loss up (never beyond the stake).
 */
export function settleDay(pnl: Units, stake: Units, minor: Units = 1n): DaySettlement {
  if (stake < 0n) throw new RangeError('stake must not be negative');
  if (pnl >= 0n) {
    const gain = roundTo(pnl, minor, 'down');
    return { booked: gain, toCash: gain, fromStake: 0n, stakeAfter: stake };
  }
  const rounded = roundTo(-pnl, minor, 'up');
  const loss = rounded < stake ? rounded : stake;
  return { booked: -loss, toCash: 0n, fromStake: loss, stakeAfter: stake - loss };
}

/** The change of NAV in basis points of the earlier NAV (for display), rounded half away from zero. */
export function navChangeBp(before: Units, after: Units): number {
  if (before <= 0n) return 0;
  const num = (after - before) * 20_000n;
  const q = num / before;
  return Number(q >= 0n ? (q + 1n) / 2n : (q - 1n) / 2n);
}

// ---- the stake's status ----

/**
 * A stake is `locked` inside its lock-in, `following` once the lock-in is over (it may be redeemed), and
 * `ended` when redeemed or when the product ends (the stake returns to cash). A product that ends inside
 * a lock-in ends its stakes too. `ended` is final.
 */
export type StakeState = 'following' | 'locked' | 'ended';
export const STAKE: StatusMachine<StakeState> = statusMachine<StakeState>('product stake', {
  locked: ['following', 'ended'],
  following: ['ended'],
  ended: [],
});
/** How the stake table and `/trade/userproductlist` store a stake's state. */
export const STAKE_CODE = { following: 0, ended: 1, locked: 2 } as const satisfies Record<StakeState, number>;
export const STAKE_STATE: Readonly<Record<number, StakeState>> = { 0: 'following', 1: 'ended', 2: 'locked' };
/** The machine read through its stored codes. */
export const STAKE_CODED = codedMachine(STAKE, STAKE_CODE);

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant a stake's lock-in ends (N calendar days after following). */
export const lockInEnd = (followedAtMs: number, lockDays: number): number => followedAtMs + lockDays * DAY_MS;

/** The state a new stake starts in. */
export const initialStakeState = (lockDays: number): StakeState => (lockDays > 0 ? 'locked' : 'following');

// ---- following ----

export interface FollowTerms {
  listed: boolean;
  deadlineMs: number;
  /** The product's end: no follow at or after it. */
  endsMs: number;
  minimum: Units;
  capacity: Units;
  raised: Units;
}

/** Capacity left to raise (never negative). */
export const capacityLeft = (t: Pick<FollowTerms, 'capacity' | 'raised'>): Units =>
  t.capacity > t.raised ? t.capacity - t.raised : 0n;

/**
 * The msg key that refuses following with `amount` at `nowMs`, or null: listed, before the deadline,
 * at least the minimum, within the capacity left (the balance is the ledger's to check).
 */
export function followRefusal(
  t: FollowTerms,
  amount: Units,
  nowMs: number,
):
  | 'product.delisted'
  | 'product.deadlinePassed'
  | 'product.belowMinimum'
  | 'product.capacityExceeded'
  | null {
  if (!t.listed || nowMs >= t.endsMs) return 'product.delisted';
  if (nowMs >= t.deadlineMs) return 'product.deadlinePassed';
  if (amount < t.minimum) return 'product.belowMinimum';
  if (amount > capacityLeft(t)) return 'product.capacityExceeded';
  return null;
}

// ---- the target line and the closes ----

/**
 * The NAV the stated daily target would reach after `days` trading days from `start`, compounded per
 * trading day and rounded down each day (the detail screen draws it against the real NAV).
 */
export function targetNavs(start: Units, targetBp: number, days: number): Units[] {
  const out: Units[] = [];
  let nav = start;
  for (let i = 0; i < days; i++) {
    out.push(nav);
    nav = (nav * BigInt(WEIGHT_TOTAL + targetBp)) / BigInt(WEIGHT_TOTAL);
    if (nav < 0n) nav = 0n;
  }
  return out;
}

/** The last trading day of `market` whose close is at or before `nowMs`, and that close's instant. */
export function lastClose(market: Market, nowMs: number): { date: LocalDate; at: number } {
  let date = tradingDayOnOrBefore(market, localDate(market, nowMs));
  let day = daySchedule(market, date);
  if (!day || day.end > nowMs) {
    date = previousTradingDay(market, date);
    day = daySchedule(market, date);
  }
  return { date, at: day!.end };
}

/** The instant of a trading day's close (null when the market does not trade that day). */
export const closeOf = (market: Market, date: LocalDate): number | null =>
  daySchedule(market, date)?.end ?? null;
