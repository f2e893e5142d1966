/**
 * Lots, minimum quantities, settlement cycles and the China T+1 selling rule, as effective-dated data.
 */
import type { Market } from '../currencies.ts';
import type { Units } from '../money.ts';
import { addTradingDays, localDate } from './calendar.ts';
import { dayNumber, type LocalDate } from './time.ts';
import { type Dated, effectiveRow, type InstrumentSpec } from './types.ts';

export type QuantityKind = 'regular' | 'block' | 'new_share';

export interface LotRule extends Dated {
  /** The exchange's trading unit (for display and information). */
  exchangeLot: bigint;
  /** China STAR market minimum buy at the exchange (information only). */
  starMinimumBuy?: bigint;
  /** This product's trading unit: quantities are multiples of it. */
  unit: bigint;
  /** Minimum quantity of a regular order in this product. */
  minimum: bigint;
  /** Minimum of a block-trade purchase or a new-share application. */
  blockMinimum: bigint;
}

export const LOT_RULES: Record<Market, readonly LotRule[]> = {
  jpy: [{ from: '1990-01-01', exchangeLot: 100n, unit: 1n, minimum: 1n, blockMinimum: 100n }],
  usd: [{ from: '1990-01-01', exchangeLot: 1n, unit: 1n, minimum: 100n, blockMinimum: 100n }],
  cny: [
    {
      from: '1990-01-01',
      exchangeLot: 100n,
      starMinimumBuy: 200n,
      unit: 1n,
      minimum: 1n,
      blockMinimum: 100n,
    },
  ],
  krw: [{ from: '1990-01-01', exchangeLot: 1n, unit: 1n, minimum: 1n, blockMinimum: 100n }],
};

export const lotRule = (market: Market, date: LocalDate): LotRule =>
  effectiveRow(LOT_RULES[market], date, 'lot rule');

export function minimumQuantity(market: Market, date: LocalDate, kind: QuantityKind = 'regular'): bigint {
  const r = lotRule(market, date);
  return kind === 'regular' ? r.minimum : r.blockMinimum;
}

export type QuantityCheck = 'ok' | 'belowMinimum' | 'notMultiple';

export function checkQuantity(
  market: Market,
  quantity: bigint,
  date: LocalDate,
  kind: QuantityKind = 'regular',
): QuantityCheck {
  const r = lotRule(market, date);
  if (quantity < minimumQuantity(market, date, kind) || quantity <= 0n) return 'belowMinimum';
  if (quantity % r.unit !== 0n) return 'notMultiple';
  return 'ok';
}

// ---- settlement ----

export interface SettlementRow extends Dated {
  /** Trading days from trade date to settlement date (T+n). */
  days: number;
}

export const SETTLEMENT_TABLE: Record<Market, readonly SettlementRow[]> = {
  jpy: [
    { from: '1990-01-01', days: 3 },
    { from: '2019-07-16', days: 2 },
  ],
  usd: [
    { from: '1995-06-07', days: 3 },
    { from: '2017-09-05', days: 2 },
    { from: '2024-05-28', days: 1 },
  ],
  cny: [{ from: '1995-01-01', days: 1 }],
  krw: [{ from: '1990-01-01', days: 2 }],
};

export const settlementDays = (market: Market, tradeDate: LocalDate): number =>
  effectiveRow(SETTLEMENT_TABLE[market], tradeDate, 'settlement cycle').days;

/** The settlement date of a trade (counted in exchange trading days). */
export const settlementDate = (market: Market, tradeDate: LocalDate): LocalDate =>
  addTradingDays(market, tradeDate, settlementDays(market, tradeDate));

// ---- selling rules ----

export interface SellRule extends Dated {
  /** Shares bought on a day may be sold the same day. */
  sameDaySell: boolean;
}

export const SELL_RULES: Record<Market, readonly SellRule[]> = {
  jpy: [{ from: '1990-01-01', sameDaySell: true }],
  usd: [{ from: '1990-01-01', sameDaySell: true }],
  cny: [{ from: '1995-01-01', sameDaySell: false }],
  krw: [{ from: '1990-01-01', sameDaySell: true }],
};

/**
 * China same-day sell (T+1): may a position bought at `boughtAt` be sold at `sellAt` (both epoch ms)?
 * China: not on the buy day; the other markets allow a same-day sell.
 */
export function canSell(market: Market, boughtAt: number, sellAt: number): boolean {
  const buyDay = localDate(market, boughtAt);
  const sellDay = localDate(market, sellAt);
  if (effectiveRow(SELL_RULES[market], buyDay, 'sell rule').sameDaySell) return true;
  return dayNumber(sellDay) > dayNumber(buyDay);
}

/** The exchange's trading unit for an instrument (STAR has a 200-share minimum buy at the exchange). */
export function exchangeLot(spec: InstrumentSpec, date: LocalDate): bigint {
  return lotRule(spec.market, date).exchangeLot;
}

// ---- what settlement holds back from a withdrawal ----

/** The cash a sale brought in, not withdrawable before its settlement date. */
export interface SaleProceeds {
  /** The settlement date of the sale (`settlementDate` of its market and trade date). */
  settlesOn: LocalDate;
  amount: Units;
}

export interface Withdrawable {
  /** What may leave now: the available cash less the proceeds of sales not settled yet (never below 0). */
  withdrawable: Units;
  /** The proceeds still unsettled, by settlement date ascending: when each part becomes withdrawable. */
  pending: SaleProceeds[];
}

/**
 * Withdrawable cash: sale proceeds count as available for trading at once, but leave the broker only
 * from their settlement date. `today` is the exchange-local date now of the proceeds' market; proceeds
 * settling on or before it are free. Conservative when proceeds were spent on a new purchase: the
 * purchase does not free them earlier.
 */
export function withdrawableCash(
  available: Units,
  proceeds: readonly SaleProceeds[],
  today: LocalDate,
): Withdrawable {
  const byDate = new Map<LocalDate, Units>();
  for (const p of proceeds) {
    if (p.settlesOn <= today || p.amount <= 0n) continue;
    byDate.set(p.settlesOn, (byDate.get(p.settlesOn) ?? 0n) + p.amount);
  }
  const pending = [...byDate]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([settlesOn, amount]) => ({ settlesOn, amount }));
  const held = pending.reduce((s, p) => s + p.amount, 0n);
  const free = available - held;
  return { withdrawable: free > 0n ? free : 0n, pending };
}
