/**
 * Default fees and taxes per market, effective-dated. Rates are ppm (1% = 10_000 ppm), amounts bigint
 * units. The admin config may override the commission rates and the stamp duty; pass the override in.
 *
 * The product records three fee types: buy fee, sell fee (commission) and stamp duty. Transaction
 * taxes and US regulatory fees (SEC Section 31, FINRA TAF) are all reported as stamp duty.
 */
import type { Market } from '../currencies.ts';
import {
  applyPpm,
  MINOR_UNIT,
  maxUnits,
  minUnits,
  parseUnits,
  percentToPpm,
  roundTo,
  UNIT,
  type Units,
} from '../money.ts';
import { type LocalDate, zonedParts } from './time.ts';
import { type Dated, effectiveRow, MARKET_ZONE } from './types.ts';

/**
 * The exchange-local date (as calendar.ts's `localDate`), taken from the zone directly: the fee tables
 * need no trading calendar, and the app's order screen then ships without the holiday tables.
 */
const localDate = (market: Market, epochMs: number): LocalDate =>
  zonedParts(MARKET_ZONE[market], epochMs).date;

export interface FeeRate {
  /** Rate of the notional in ppm. */
  ppm: bigint;
  /** Minimum charge per order in units (0 = none). */
  min: Units;
}

export interface CommissionRow extends Dated {
  buy: FeeRate;
  sell: FeeRate;
}

export const COMMISSION_DEFAULTS: Record<Market, readonly CommissionRow[]> = {
  // online brokers charge nothing (SBI, Rakuten since Oct 2023)
  jpy: [{ from: '1990-01-01', buy: { ppm: 0n, min: 0n }, sell: { ppm: 0n, min: 0n } }],
  // zero-commission retail brokerage
  usd: [{ from: '1990-01-01', buy: { ppm: 0n, min: 0n }, sell: { ppm: 0n, min: 0n } }],
  // 0.025% with the customary ¥5 minimum
  cny: [{ from: '1990-01-01', buy: { ppm: 250n, min: 5n * UNIT }, sell: { ppm: 250n, min: 5n * UNIT } }],
  // typical online commission 0.015%
  krw: [{ from: '1990-01-01', buy: { ppm: 150n, min: 0n }, sell: { ppm: 150n, min: 0n } }],
};

export interface StampDutyRow extends Dated {
  buyPpm: bigint;
  sellPpm: bigint;
}

export const STAMP_DUTY: Record<Market, readonly StampDutyRow[]> = {
  jpy: [{ from: '1990-01-01', buyPpm: 0n, sellPpm: 0n }],
  usd: [{ from: '1990-01-01', buyPpm: 0n, sellPpm: 0n }],
  cny: [
    { from: '1990-01-01', buyPpm: 1_000n, sellPpm: 1_000n },
    // seller only since 2008-09-19
    { from: '2008-09-19', buyPpm: 0n, sellPpm: 1_000n },
    // halved
    { from: '2023-08-28', buyPpm: 0n, sellPpm: 500n },
  ],
  // securities transaction tax (KOSPI incl. the special rural tax), on sells
  krw: [
    { from: '1990-01-01', buyPpm: 0n, sellPpm: 3_000n },
    { from: '2023-01-01', buyPpm: 0n, sellPpm: 2_000n },
    { from: '2024-01-01', buyPpm: 0n, sellPpm: 1_800n },
    { from: '2025-01-01', buyPpm: 0n, sellPpm: 1_500n },
    { from: '2026-01-01', buyPpm: 0n, sellPpm: 2_000n },
  ],
};

export interface UsRegulatoryRow extends Dated {
  /** SEC Section 31 fee: dollars (as units) per $1,000,000 of sale proceeds. */
  secPerMillion: Units;
  /** FINRA Trading Activity Fee per share sold, in millionths of a dollar. */
  tafMicrosPerShare: bigint;
  /** TAF maximum per trade (units). */
  tafCap: Units;
}

export const US_REGULATORY_FEES: readonly UsRegulatoryRow[] = [
  // rates before 2023 are not modelled (the FY2023 ones apply)
  { from: '1990-01-01', secPerMillion: 80_000n, tafMicrosPerShare: 145n, tafCap: 72_700n },
  { from: '2024-01-01', secPerMillion: 80_000n, tafMicrosPerShare: 166n, tafCap: 83_000n },
  { from: '2024-05-22', secPerMillion: 278_000n, tafMicrosPerShare: 166n, tafCap: 83_000n },
  // SEC fee rate set to $0 per million *(check the current rate)*
  { from: '2025-05-14', secPerMillion: 0n, tafMicrosPerShare: 166n, tafCap: 83_000n },
];

export type FeeSide = 'buy' | 'sell';

/** A position's two trades: the one that opens it and the one that closes it. */
export type Leg = 'open' | 'close';

/**
 * The side a leg trades on the exchange: a long opens with a buy and closes with a sale; a short opens
 * with a sale (the short sale) and closes with a buy (the buy to cover). Fees and taxes follow the side,
 * so the sell-side taxes (China's stamp duty, Korea's transaction tax, the US SEC fee and FINRA TAF)
 * fall on a short's opening trade, never on its cover. `direction` is the position's: 1 long, 2 short.
 */
export const legSide = (direction: 1 | 2, leg: Leg): FeeSide =>
  (direction === 1) === (leg === 'open') ? 'buy' : 'sell';

/** Admin overrides of the defaults (any omitted field keeps the default). */
export interface FeeOverride {
  buy?: FeeRate;
  sell?: FeeRate;
  stampDutyBuyPpm?: bigint;
  stampDutySellPpm?: bigint;
}

export interface FeeSchedule {
  buy: FeeRate;
  sell: FeeRate;
  stampDutyBuyPpm: bigint;
  stampDutySellPpm: bigint;
  usRegulatory: UsRegulatoryRow | null;
}

export function feeSchedule(market: Market, date: LocalDate, override: FeeOverride = {}): FeeSchedule {
  const c = effectiveRow(COMMISSION_DEFAULTS[market], date, 'commission');
  const s = effectiveRow(STAMP_DUTY[market], date, 'stamp duty');
  return {
    buy: override.buy ?? c.buy,
    sell: override.sell ?? c.sell,
    stampDutyBuyPpm: override.stampDutyBuyPpm ?? s.buyPpm,
    stampDutySellPpm: override.stampDutySellPpm ?? s.sellPpm,
    usRegulatory: market === 'usd' ? effectiveRow(US_REGULATORY_FEES, date, 'US regulatory fees') : null,
  };
}

export interface TradeFees {
  /** Commission: the buy fee or the sell fee. */
  fee: Units;
  /** Transaction tax / stamp duty plus US regulatory fees. */
  stampDuty: Units;
  /** Of which US SEC fee + FINRA TAF. */
  regulatory: Units;
  total: Units;
}

/** max(rate × notional, minimum), rounded up to the currency's minor unit; zero notional → zero. */
export function rateFee(notional: Units, rate: FeeRate, minor: Units): Units {
  if (notional <= 0n) return 0n;
  const fee = maxUnits(applyPpm(notional, rate.ppm, 'up'), rate.min);
  return fee === 0n ? 0n : roundTo(fee, minor, 'up');
}

/** Fees of one execution: price (units) × quantity (shares) on a local trade date. */
export function tradeFees(
  market: Market,
  side: FeeSide,
  price: Units,
  quantity: bigint,
  date: LocalDate,
  override: FeeOverride = {},
): TradeFees {
  const minor = MINOR_UNIT[market];
  const sched = feeSchedule(market, date, override);
  const amount = price * quantity;
  const fee = rateFee(amount, side === 'buy' ? sched.buy : sched.sell, minor);
  const taxPpm = side === 'buy' ? sched.stampDutyBuyPpm : sched.stampDutySellPpm;
  const tax = rateFee(amount, { ppm: taxPpm, min: 0n }, minor);
  let regulatory = 0n;
  if (sched.usRegulatory && side === 'sell' && amount > 0n) {
    const r = sched.usRegulatory;
    const sec = (amount * r.secPerMillion + (1_000_000n * UNIT - 1n)) / (1_000_000n * UNIT);
    const tafRaw = (quantity * r.tafMicrosPerShare * UNIT + 999_999n) / 1_000_000n;
    const taf = minUnits(tafRaw, r.tafCap);
    regulatory = (sec > 0n ? roundTo(sec, minor, 'up') : 0n) + (taf > 0n ? roundTo(taf, minor, 'up') : 0n);
  }
  const stampDuty = tax + regulatory;
  return { fee, stampDuty, regulatory, total: fee + stampDuty };
}

/**
 * An operator's fee settings of one market: commissions and stamp duty as percentages of the notional
 * ("0.025"), minimums per order as decimal amounts; an absent field keeps the default.
 */
export interface FeePercentages {
  buy_fee?: string;
  buy_min?: string;
  sell_fee?: string;
  sell_min?: string;
  stamp_duty?: string;
}

/** The operator's fee settings as a {@link FeeOverride} (a commission given by rate or minimum replaces both). */
export function feeOverrideOf(s: FeePercentages | undefined): FeeOverride {
  if (!s) return {};
  const out: FeeOverride = {};
  const amount = (v: string | undefined): Units => parseUnits(v ?? '0') ?? 0n;
  if (s.buy_fee !== undefined || s.buy_min !== undefined)
    out.buy = { ppm: percentToPpm(s.buy_fee ?? '0'), min: amount(s.buy_min) };
  if (s.sell_fee !== undefined || s.sell_min !== undefined)
    out.sell = { ppm: percentToPpm(s.sell_fee ?? '0'), min: amount(s.sell_min) };
  if (s.stamp_duty !== undefined) out.stampDutySellPpm = percentToPpm(s.stamp_duty);
  return out;
}

/** The fee schedule in force for a market at an instant (its exchange-local date), with the override. */
export const feeScheduleAt = (market: Market, nowMs: number, override: FeeOverride = {}): FeeSchedule =>
  feeSchedule(market, localDate(market, nowMs), override);

/** Fees of one execution at an instant (its exchange-local date). */
export const tradeFeesAt = (
  market: Market,
  side: FeeSide,
  price: Units,
  quantity: bigint,
  nowMs: number,
  override: FeeOverride = {},
): TradeFees => tradeFees(market, side, price, quantity, localDate(market, nowMs), override);

/** Fees of one leg of a position (its side by {@link legSide}) at an instant. */
export const legFeesAt = (
  market: Market,
  direction: 1 | 2,
  leg: Leg,
  price: Units,
  quantity: bigint,
  nowMs: number,
  override: FeeOverride = {},
): TradeFees => tradeFeesAt(market, legSide(direction, leg), price, quantity, nowMs, override);
