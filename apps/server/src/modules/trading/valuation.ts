import type { Db } from '@kabuto/db';
import { type Currency, grossPnl, type Units } from '@kabuto/domain';
import type { MarketDataProvider } from '@kabuto/market';
import type { PositionsValuation } from '../../shared/positions.ts';
import { openPositionsOf } from './trading.repo.ts';

/**
 * A user's open positions at current quotes: the gross P&L of each (`grossPnl`; the opening fees were
 * taken from cash when it opened, so counting them again would understate the assets), summed per
 * market's currency. A position without a quote counts at its entry price (no P&L).
 */
export function positionValuation(db: Db, market: MarketDataProvider): PositionsValuation {
  return async (userId) => {
    const rows = await openPositionsOf(db, userId);
    const pnl: Partial<Record<Currency, Units>> = {};
    for (const p of rows) {
      const price = market.quote(p.symbol)?.price;
      const currency = p.market as Currency;
      const gain =
        price === undefined
          ? 0n
          : grossPnl({ openPrice: p.open_price, quantity: p.quantity, direction: p.direction }, price);
      pnl[currency] = (pnl[currency] ?? 0n) + gain;
    }
    return { count: rows.length, pnl };
  };
}
