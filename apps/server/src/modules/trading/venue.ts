import { continuousFill, type Direction, isContinuousTrading, type Units } from '@kabuto/domain';
import {
  type CallPending,
  type CallPrint,
  type MarketDataProvider,
  type TradeRefusal,
  tradeRefusal,
} from '@kabuto/market';

/**
 * Where orders execute. The internal venue fills against the market-data provider's price; a broker
 * connection would be another implementation.
 */
export interface Venue {
  readonly name: string;
  /** The price a market order fills at now, or null when it cannot fill (no price, not in continuous trading). */
  marketFill(symbol: string, direction: Direction, nowMs: number): Units | null;
  /**
   * The price an incoming limit order fills at now: the market price when it crosses the limit (never
   * worse than the limit), or null while the market has not reached it or outside continuous trading.
   */
  marketableFill(symbol: string, direction: Direction, limitPrice: Units, nowMs: number): Units | null;
  /** The price a resting limit order fills at now: its limit once the market trades through it, else null. */
  limitFill(symbol: string, direction: Direction, limitPrice: Units, nowMs: number): Units | null;
  /**
   * The print of the call auction at call point `at` (price and shares); `'pending'` while the provider
   * does not know it yet (delayed data), null when there is none.
   */
  callPrint(symbol: string, at: number): CallPrint | CallPending | null;
  /** Why the symbol's quote may not be traded on now (delayed or stale data), or null. */
  refusal(symbol: string): TradeRefusal | null;
}

/**
 * Delayed and stale quotes are never filled on (`tradeRefusal`, the one rule). Market orders and marketable limits fill at the current price; a resting limit fills at its limit when
 * the price reaches it (a long limit at or below, a short limit at or above). Only during continuous
 * trading; call auctions cross at the provider's print.
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
    marketableFill(symbol, direction, limitPrice, nowMs) {
      const p = live(symbol, nowMs);
      return p === null ? null : continuousFill(direction, limitPrice, p);
    },
    limitFill(symbol, direction, limitPrice, nowMs) {
      const p = live(symbol, nowMs);
      if (p === null) return null;
      return continuousFill(direction, limitPrice, p) === null ? null : limitPrice;
    },
    callPrint: (symbol, at) => market.callPrint(symbol, at),
  };
}
