import { type Direction, isContinuousTrading, type Units } from '@kabuto/domain';
import { type MarketDataProvider, type TradeRefusal, tradeRefusal } from '@kabuto/market';

/**
 * Where orders execute. The internal venue fills against the market-data provider's price; a broker
 * connection would be another implementation.
 */
export interface Venue {
  readonly name: string;
  /** The price a market order fills at now, or null when it cannot fill (no price, not in continuous trading). */
  marketFill(symbol: string, direction: Direction, nowMs: number): Units | null;
  /** The price a limit order fills at now, or null while the market has not reached it. */
  limitFill(symbol: string, direction: Direction, limitPrice: Units, nowMs: number): Units | null;
  /** Why the symbol's quote may not be traded on now (delayed or stale data), or null. */
  refusal(symbol: string): TradeRefusal | null;
}

/**
 * Delayed and stale quotes are never filled on (`tradeRefusal`, the one rule). Market orders fill at the current price; a long limit fills when the price is at or below the limit,
 * a short limit when it is at or above; both at the limit price. Only during continuous trading.
 */
export function internalVenue(market: MarketDataProvider): Venue {
  const live = (symbol: string, nowMs: number): Units | null => {
    const inst = market.instrument(symbol);
    if (!inst || !isContinuousTrading(inst.market, nowMs)) return null;
    const q = market.quote(symbol);
    return q && q.price > 0n && tradeRefusal(q) === null ? q.price : null;
  };
  return {
    name: 'internal',
    refusal(symbol) {
      const q = market.quote(symbol);
      return q ? tradeRefusal(q) : null;
    },
    marketFill: (symbol, _direction, nowMs) => live(symbol, nowMs),
    limitFill(symbol, direction, limitPrice, nowMs) {
      const p = live(symbol, nowMs);
      if (p === null) return null;
      const crossed = direction === 1 ? p <= limitPrice : p >= limitPrice;
      return crossed ? limitPrice : null;
    },
  };
}
