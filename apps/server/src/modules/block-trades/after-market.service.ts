import type { Market } from '@kabuto/domain';
import { afterMarketWindow, localDate, minimumQuantity } from '@kabuto/domain';
import { loadSettings } from '../../shared/settings.ts';
import type { BlockTradesDeps } from './block-trades.deps.ts';

/** The after-market list (the orders themselves are ordinary orders, see the trading module). */
export function afterMarketService(d: Pick<BlockTradesDeps, 'db' | 'clock' | 'market'>) {
  const { db, clock, market } = d;

  /**
   * The after-market list: the market's listed stocks with their last price (the day's close once the
   * session has closed) and the day's after-market window (null on a day the exchange does not trade).
   */
  async function afterMarketList(mkt: Market) {
    const now = clock.now();
    const hours = (await loadSettings(db)).after_market_hours;
    const window = afterMarketWindow(mkt, now, hours);
    const min = minimumQuantity(mkt, localDate(mkt, now));
    const stocks = market.instruments(mkt).filter((i) => i.kind === 'stock');
    const quotes = new Map(market.quotes(stocks.map((i) => i.symbol)).map((q) => [q.symbol, q]));
    return {
      window,
      hours: `${hours.from}-${hours.to}`,
      open: window !== null && window.start <= now && now < window.end,
      min,
      rows: stocks.flatMap((inst) => {
        const q = quotes.get(inst.symbol);
        return q && q.price > 0n ? [{ inst, quote: q }] : [];
      }),
    };
  }

  return { afterMarketList };
}
