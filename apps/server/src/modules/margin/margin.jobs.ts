import { withTx } from '@kabuto/db';
import {
  bookNotional,
  bookPnl,
  callAmount,
  callDeadline,
  closeOrder,
  closesToRestore,
  formatUnits,
  localDate,
  maintenanceRatioPpm,
  POSITION_STATUS,
  percentToPpm,
} from '@kabuto/domain';
import type { MarketDataProvider } from '@kabuto/market';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { plainAmount } from '../../shared/amounts.ts';
import { mailNotice } from '../../shared/mail/index.ts';
import { sendNotice } from '../../shared/notices.ts';
import { loadSettings, type Settings } from '../../shared/settings.ts';
import type { TradingOffers } from '../trading/index.ts';
import { currencyCode, deadlineText, ratioText, readBooks, type UserBook } from './margin.books.ts';
import * as repo from './margin.repo.ts';
import { marginWatch, type WatchOptions } from './margin.watch.ts';

/**
 * The account-wide maintenance (the leader's round, after trading's exits): the margin books (a user's
 * margin positions in one market with that wallet's cash and the margin they hold) that may have moved
 * since the last round are read at current prices — every book at the first round, then only those the
 * in-memory index finds below the line after the tick, those whose money moved, and those with an open
 * call (`marginWatch`) — and
 *
 * - below the maintenance line with no call open: a margin call (追証) is issued with its amount (what
 *   brings the ratio back to the line) and deadline (noon of the second trading day after), a site
 *   message and a mail when the user wants margin-call mails;
 * - an open call whose book is back at the line (a deposit, a transfer, a close, the market) is met;
 * - an open call past its deadline, or any book below the emergency floor, is force-closed through the
 *   normal close, largest loss first, until the ratio is back at the line (in continuous trading; until
 *   then it is tried again each round).
 *
 * Fully paid (1× long) positions are not in any book and never touched.
 */
export function maintenanceJob(
  deps: Deps & { market: MarketDataProvider },
  trading: Pick<TradingOffers, 'positions' | 'closeLocked'>,
  watchOptions?: WatchOptions,
) {
  const { db, clock, market } = deps;
  const watch = marginWatch(deps, watchOptions);

  /** Close the book's positions largest loss first until it is back at the line; how many closed. */
  async function restore(b: UserBook, linePpm: bigint, settings: Settings): Promise<number> {
    const order = closeOrder(b.book.positions);
    const n = closesToRestore(b.book, order, linePpm);
    let closed = 0;
    for (const i of order.slice(0, n)) {
      const row = b.rows[i];
      const now = clock.now();
      const done = await withTx(db, async (tx) => {
        const pos = await trading.positions.lock(tx, null, row.id);
        if (!pos || (pos.status !== POSITION_STATUS.holding && pos.status !== POSITION_STATUS.closing))
          return false;
        const c = await trading.closeLocked(tx, pos, 'forced', now, settings);
        const inst = market.instrument(pos.symbol);
        await sendNotice(tx, new Date(now), pos.user_id, 'forcedClosed', {
          order: pos.order_no,
          name: inst?.names.jp ?? pos.symbol,
          code: pos.symbol,
          price: formatUnits(c.price),
          pnl: formatUnits(c.pnl),
          currency: currencyCode(b.market),
        });
        return true;
      }).catch((err) => {
        // outside continuous trading, the buying day in China, no price: tried again next round
        if (err instanceof AppError) return false;
        throw err;
      });
      if (!done) break;
      closed++;
    }
    return closed;
  }

  /**
   * One round; what it did: calls issued, met, positions closed, the books read and decided, and whether
   * it read every book (a rebuild of the index).
   */
  async function run(): Promise<{
    calls: number;
    met: number;
    closed: number;
    books: number;
    rebuilt: number;
  }> {
    const settings = await loadSettings(db);
    const linePpm = percentToPpm(settings.trading_maintenance_ratio);
    const floorPpm = percentToPpm(settings.margin_emergency_ratio);
    const open = await repo.openCalls(db);
    const openBy = new Map(open.map((c) => [`${c.user_id}|${c.market}`, c]));
    const { books, rebuilt } = await watch.round(
      linePpm,
      open.map((c) => c.user_id),
    );
    const out = { calls: 0, met: 0, closed: 0, books: books.length, rebuilt: rebuilt ? 1 : 0 };
    const seen = new Set<string>();
    for (const b of books) {
      const key = `${b.userId}|${b.market}`;
      seen.add(key);
      const ratio = maintenanceRatioPpm(b.book);
      // no ratio, or a position without a price: nothing decided on this book this round
      if (ratio === null || !b.priced) continue;
      const call = openBy.get(key);
      const now = clock.now();
      const at = new Date(now);
      const params = { currency: currencyCode(b.market), ratio: ratioText(ratio) ?? '' };
      const emergency = ratio < floorPpm;
      const due = call !== undefined && call.deadline.getTime() <= now;
      if (emergency || (due && ratio < linePpm)) {
        const closed = await restore(b, linePpm, settings);
        out.closed += closed;
        if (closed === 0) continue;
        const [after] = (await readBooks(db, market, [b.userId])).filter((x) => x.market === b.market);
        const r = after ? maintenanceRatioPpm(after.book) : null;
        await withTx(db, async (tx) => {
          const c = await repo.lockOpenCall(tx, b.userId, b.market);
          if (c && (r === null || r >= linePpm)) await repo.resolveCall(tx, c.id, 'closed', at);
          const template = emergency ? 'marginEmergencyClosed' : 'marginCallClosed';
          const p = {
            ...params,
            ratio: ratioText(r) ?? '-',
            count: closed,
            floor: settings.margin_emergency_ratio,
          };
          await sendNotice(tx, at, b.userId, template, p);
          await mailNotice(tx, at, b.userId, 'margin_call', template, p);
        });
        continue;
      }
      if (call && ratio >= linePpm) {
        await withTx(db, async (tx) => {
          const c = await repo.lockOpenCall(tx, b.userId, b.market);
          if (!c) return;
          await repo.resolveCall(tx, c.id, 'met', at);
          await sendNotice(tx, at, b.userId, 'marginCallMet', params);
        });
        out.met++;
        continue;
      }
      if (!call && ratio < linePpm) {
        const amount = callAmount(
          b.market,
          { collateral: b.book.collateral, pnl: bookPnl(b.book), notional: bookNotional(b.book) },
          linePpm,
        );
        const deadline = callDeadline(b.market, localDate(b.market, now));
        await withTx(db, async (tx) => {
          if (await repo.lockOpenCall(tx, b.userId, b.market)) return;
          await repo.insertCall(tx, {
            user_id: b.userId,
            market: b.market,
            amount,
            ratio_ppm: ratio,
            deadline: new Date(deadline),
            created_at: at,
          });
          const p = {
            ...params,
            line: settings.trading_maintenance_ratio,
            amount: plainAmount(amount),
            deadline: deadlineText(b.market, deadline),
          };
          await sendNotice(tx, at, b.userId, 'marginCall', p);
          await mailNotice(tx, at, b.userId, 'margin_call', 'marginCall', p);
        });
        out.calls++;
      }
    }
    // a call whose book has no margin positions left (all closed by the user) is met
    for (const c of open) {
      if (seen.has(`${c.user_id}|${c.market}`)) continue;
      await withTx(db, async (tx) => {
        await repo.resolveCall(tx, c.id, 'met', new Date(clock.now()));
        await sendNotice(tx, new Date(clock.now()), c.user_id, 'marginCallMet', {
          currency: currencyCode(c.market as never),
          ratio: '-',
        });
      });
      out.met++;
    }
    return out;
  }

  return { run };
}
