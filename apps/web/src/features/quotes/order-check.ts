import {
  checkOrderPrice,
  type InstrumentSpec,
  type LocalDate,
  type PriceLimits,
  stepTicks,
  tickSize,
  type Units,
} from '@kabuto/domain';

/** What stops a limit price, as the order sheet says it (its msg key and the tick it names). */
export type LimitProblem =
  | { kind: 'enterPrice' }
  | { kind: 'offTick'; tick: Units }
  | { kind: 'beyondLimit' };

/**
 * The order sheet's check of a limit price: the domain's `checkOrderPrice`, as the server checks the
 * order, on the instrument's own tick table — a price in another band than the current price's is
 * checked with that band's tick (¥3,000.5 is off the TOPIX500 grid even when the stock trades at
 * ¥2,999.5). The tick it names is the one at the entered price.
 */
export function limitPriceProblem(
  spec: InstrumentSpec,
  price: Units | null,
  limits: PriceLimits | null,
  date?: LocalDate,
): LimitProblem | null {
  if (price === null || price <= 0n) return { kind: 'enterPrice' };
  switch (checkOrderPrice(spec, price, limits, date)) {
    case 'ok':
      return null;
    case 'nonPositive':
      return { kind: 'enterPrice' };
    case 'offTick':
      return { kind: 'offTick', tick: tickSize(spec.tickTable, price, date) };
    case 'beyondLimit':
      return { kind: 'beyondLimit' };
  }
}

/** A limit price moved `n` steps along the instrument's tick grid (the band's tick at each step). */
export const stepLimitPrice = (spec: InstrumentSpec, price: Units, n: number, date?: LocalDate): Units =>
  stepTicks(spec.tickTable, price, n, date);
