import { callEarly } from '../../lib/api.ts';
import { early } from '../../lib/early-endpoints.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { stockTarget } from './stock-target.ts';

/**
 * The reads a stock's page makes as it opens (`?symbol=&type=`: its details and the market's
 * watchlist, for the star), sent by the entry with the page's code. Each body is the one its query
 * sends; a browser test sees each go out once.
 */
export function stockOpeningCalls(query: URLSearchParams): void {
  const { symbol, market: type } = stockTarget(query);
  if (!symbol) return;
  const lang = currentLanguage();
  callEarly(early.stock, { symbol, type, lang });
  callEarly(early.watchlist, { type, lang });
}
