import { withTx } from '@kabuto/db';
import { formatUnits, localDate, type Market, marginTermEnd, POSITION_STATUS } from '@kabuto/domain';
import type { MarketDataProvider } from '@kabuto/market';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { sendNotice } from '../../shared/notices.ts';
import { loadSettings } from '../../shared/settings.ts';
import type { TradingOffers } from '../trading/index.ts';
import * as repo from './financing.repo.ts';
import { currencyCode } from './margin.books.ts';

/** Days before which no position can have reached a term (the shortest term, 6 months, is longer). */
const TERM_PREFILTER_DAYS = 150;

/**
 * The term of standard margin (制度信用の期日, the domain's `marginTermEnd`): a margin position still open
 * on the last day of its term is closed that day through the normal close (as a forced close: the costs
 * are charged, a site message tells the user), in continuous trading; until it closes it is tried again
 * each round. Cash (1×) positions and day trades have no term.
 */
export function termJob(
  deps: Deps & { market: MarketDataProvider },
  trading: Pick<TradingOffers, 'positions' | 'closeLocked'>,
) {
  const { db, clock, market } = deps;

  async function run(): Promise<{ termClosed: number }> {
    const now = clock.now();
    const candidates = await repo.openSince(db, new Date(now - TERM_PREFILTER_DAYS * 86_400_000));
    const due = candidates.filter((p) => {
      const mkt = p.market as Market;
      const end = p.filled_at ? marginTermEnd(mkt, localDate(mkt, p.filled_at.getTime())) : null;
      return end !== null && localDate(mkt, now) >= end;
    });
    if (due.length === 0) return { termClosed: 0 };
    const settings = await loadSettings(db);
    let closed = 0;
    for (const row of due) {
      const done = await withTx(db, async (tx) => {
        const pos = await trading.positions.lock(tx, null, row.id);
        if (!pos || (pos.status !== POSITION_STATUS.holding && pos.status !== POSITION_STATUS.closing))
          return false;
        const c = await trading.closeLocked(tx, pos, 'forced', now, settings);
        const inst = market.instrument(pos.symbol);
        const mkt = pos.market as Market;
        await sendNotice(tx, new Date(now), pos.user_id, 'marginTermClosed', {
          order: pos.order_no,
          name: inst?.names.jp ?? pos.symbol,
          code: pos.symbol,
          price: formatUnits(c.price),
          pnl: formatUnits(c.pnl),
          currency: currencyCode(mkt),
        });
        return true;
      }).catch((err) => {
        // outside continuous trading, no price: tried again next round
        if (err instanceof AppError) return false;
        throw err;
      });
      if (done) closed++;
    }
    return { termClosed: closed };
  }

  return { run };
}
