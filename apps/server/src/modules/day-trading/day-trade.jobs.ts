import { type Db, type Tx, withTx } from '@kabuto/db';
import {
  DAY_TRADE_CODE,
  DAY_TRADE_CODED,
  dayTradeStateOf,
  formatUnits,
  isContinuousTrading,
  isDayTradeOver,
  type Market,
  OPEN_POSITION_STATUSES,
} from '@kabuto/domain';
import { availableBalance, ledgerAccounts, lockLedgerAccounts } from '@kabuto/ledger';
import { writeFundRecords } from '../../shared/fund-records.ts';
import { transfer } from '../../shared/ledger.ts';
import { sendNotice } from '../../shared/notices.ts';
import { loadSettings, type Settings } from '../../shared/settings.ts';
import type { DayTradeDeps } from './day-trade.deps.ts';
import type { ApplicationRow } from './day-trade.repo.ts';
import * as repo from './day-trade.repo.ts';
import { messageParams } from './day-trade.review.ts';

const asDb = (tx: Tx) => tx as unknown as Db;
/** Open applications are read this many at a time (by id), never all at once. */
const APPLICATION_BATCH = 1000;
const isOpen = (status: number) => (OPEN_POSITION_STATUSES as readonly number[]).includes(status);

/**
 * The day's end of every line (the leader's job, on the trading timer). Once a line's forced-close
 * instant has come:
 *   - an application still in review fails (its hold is voided);
 *   - every open day-trade position of an approved line is closed at market through the trading
 *     module's close (it settles into the line), with the forced-close site message;
 *   - a line with no open position left settles: the line's whole balance (margin ± realised P&L − fees)
 *     returns to cash ("day trading settlement"); complete when it traded, failed when it never did.
 * Each step locks its row and re-reads its state, so a second run (or a second leader) finds nothing
 * left to do: a line settles once. The open applications are read `batch` at a time (default 1,000).
 */
export function dayTradeJobs(d: DayTradeDeps, opts: { batch?: number } = {}) {
  const { db, clock, market } = d;
  const batchSize = opts.batch ?? APPLICATION_BATCH;

  async function expire(app: ApplicationRow, now: number): Promise<boolean> {
    return withTx(db, async (tx) => {
      const row = await repo.lockApplication(tx, app.id);
      if (!row || dayTradeStateOf(row.status) !== 'review') return false;
      await transfer(tx, [{ type: 'void', pendingId: row.hold_transfer }]);
      await repo.setStatus(tx, row.id, {
        status: DAY_TRADE_CODED.move(row.status, DAY_TRADE_CODE.failed),
        payout: row.amount,
        pnl: 0n,
        settled_at: new Date(now),
      });
      await sendNotice(tx, new Date(now), row.user_id, 'dayTradeFailed', {
        ...messageParams(row),
        payout: formatUnits(row.amount),
      });
      return true;
    });
  }

  /** Close the line's open positions at market (during continuous trading only); how many are still open. */
  async function closePositions(app: ApplicationRow, now: number, settings: Settings) {
    const positions = (await repo.positionsOf(db, [app.id])).filter((p) => isOpen(p.status));
    if (positions.length === 0) return { closed: 0, open: 0 };
    if (!isContinuousTrading(app.market as Market, now)) return { closed: 0, open: positions.length };
    let closed = 0;
    for (const p of positions) {
      const done = await withTx(db, async (tx) => {
        const pos = await d.lockPosition(tx, p.id);
        if (!pos || !isOpen(pos.status)) return false;
        const c = await d.closeLocked(tx, pos, 'forced', now, settings);
        const inst = market.instrument(pos.symbol);
        await sendNotice(tx, new Date(now), pos.user_id, 'forcedClosed', {
          order: pos.order_no,
          name: inst?.names.jp ?? pos.symbol,
          code: pos.symbol,
          price: formatUnits(c.price),
          pnl: formatUnits(c.pnl),
          currency: pos.market.toUpperCase(),
        });
        return true;
      }).catch(() => false);
      if (done) closed++;
    }
    return { closed, open: positions.length - closed };
  }

  /** Return the line's balance to cash and end the application (once). */
  async function settle(app: ApplicationRow, now: number): Promise<boolean> {
    return withTx(db, async (tx) => {
      const row = await repo.lockApplication(tx, app.id);
      if (!row) return false;
      const state = dayTradeStateOf(row.status);
      if (state !== 'approved' && state !== 'trading') return false;
      const still = (await repo.positionsOf(tx, [row.id])).some((p) => isOpen(p.status));
      if (still) return false;
      const mkt = row.currency as Market;
      const [cash] = await ledgerAccounts(asDb(tx), [{ owner: row.user_id, currency: mkt, kind: 'cash' }]);
      const [line] = await lockLedgerAccounts(tx, [{ owner: row.user_id, currency: mkt, kind: 'day_trade' }]);
      const payout = availableBalance(line);
      const at = new Date(now);
      const ref = `daytrade:${row.order_no}`;
      if (payout > 0n) {
        const [t] = await transfer(tx, [
          {
            type: 'single',
            debitAccountId: line.id,
            creditAccountId: cash.id,
            amount: payout,
            currency: mkt,
            code: 'day_trade',
            operationRef: ref,
          },
        ]);
        await writeFundRecords(tx, [
          {
            userId: row.user_id,
            currency: mkt,
            type: 'day_trade_settlement',
            orderNo: row.order_no,
            amount: payout,
            transferId: t.id,
            ref,
            at,
          },
        ]);
      }
      const end = state === 'trading' ? 'complete' : 'failed';
      await repo.setStatus(tx, row.id, {
        status: DAY_TRADE_CODED.move(row.status, DAY_TRADE_CODE[end]),
        payout,
        pnl: payout - row.amount,
        settled_at: at,
      });
      const params = {
        ...messageParams(row),
        payout: formatUnits(payout),
        pnl: formatUnits(payout - row.amount),
      };
      await sendNotice(
        tx,
        at,
        row.user_id,
        end === 'complete' ? 'dayTradeSettled' : 'dayTradeFailed',
        params,
      );
      return true;
    });
  }

  /** One round: every open application whose day is over is expired, closed out and settled. */
  async function runJobs() {
    const now = clock.now();
    const settings = await loadSettings(db);
    const minutes = settings.day_trade_forced_close_minutes;
    const out = { expired: 0, forcedClosed: 0, settled: 0 };
    // every open application, a batch at a time by id (not only the first batch: a day's are all settled)
    for (let after = 0n; ; ) {
      const batch = await repo.openApplications(db, after, batchSize);
      if (batch.length === 0) break;
      after = batch[batch.length - 1].id;
      for (const app of batch) {
        if (!isDayTradeOver(app.market as Market, app.trade_date, minutes, now)) continue;
        if (dayTradeStateOf(app.status) === 'review') {
          if (await expire(app, now)) out.expired++;
          continue;
        }
        const c = await closePositions(app, now, settings);
        out.forcedClosed += c.closed;
        if (c.open === 0 && (await settle(app, now))) out.settled++;
      }
    }
    return out;
  }

  return { runJobs, settle };
}

export type DayTradeJobs = ReturnType<typeof dayTradeJobs>;
