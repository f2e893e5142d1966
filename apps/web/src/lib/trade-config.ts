import {
  type FeeOverride,
  legFeesAt,
  type Market,
  MINOR_UNIT,
  positionMargin,
  rateFee,
  type Units,
} from '@kabuto/domain';

/**
 * The order panel's estimate, with the domain's maths (the leverage list and fee overrides it uses are
 * read from the start-up config by `lib/api/trade-settings.ts`).
 */

export interface OrderEstimate {
  notional: Units;
  margin: Units;
  fee: Units;
  total: Units;
}

/**
 * Notional, margin (= notional / leverage, rounded up to the minor unit: the domain's positionMargin), the
 * opening leg's fees at the exchange's date now (the domain's legFeesAt: a short opens with a sale and
 * pays the sell-side taxes) and the total held: the server's figures.
 */
export function estimateOrder(
  market: Market,
  price: Units,
  quantity: bigint,
  leverage: number,
  override: FeeOverride,
  direction: 1 | 2 = 1,
): OrderEstimate {
  const notional = price * quantity;
  const margin = leverage >= 1 ? positionMargin(market, price, quantity, leverage) : notional;
  let fee: Units;
  try {
    fee = legFeesAt(market, direction, 'open', price, quantity, Date.now(), override).total;
  } catch {
    const rate = direction === 1 ? override.buy : override.sell;
    fee = rate ? rateFee(notional, rate, MINOR_UNIT[market] ?? 1n) : 0n;
  }
  return { notional, margin, fee, total: margin + fee };
}
