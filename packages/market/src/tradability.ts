import type { Quote } from './types.ts';

/** Why a quote may not be traded on; each is a msg key with jp, cn and us text. */
export type TradeRefusal = 'trade.quoteDelayed' | 'trade.quoteStale';

/**
 * The one rule on data modes: a stale quote (its feed stalled) is never traded on; a delayed quote is
 * display only. Live and simulated quotes trade.
 */
export function tradeRefusal(q: Pick<Quote, 'mode' | 'stale'>): TradeRefusal | null {
  if (q.stale) return 'trade.quoteStale';
  if (q.mode === 'delayed') return 'trade.quoteDelayed';
  return null;
}
