import { withTx } from '@kabuto/db';
import {
  DAY_TRADE_CODE,
  DAY_TRADE_CODED,
  dayTradeStateOf,
  formatUnits,
  isContinuousTrading,
  isDayTradeOver,
  type Market,
  OPEN_POSITION_STATUSES,
  type Units,
} from '@kabuto/domain';
import { type AccountSpec, availableBalance, lockAccountSet } from '@kabuto/ledger';
import { batchThenEach, noFailures } from '../../shared/batches.ts';
import { writeFundRecords } from '../../shared/fund-records.ts';
import { transfer, transferMany } from '../../shared/ledger.ts';
import { sendNotice, sendNotices } from '../../shared/notices.ts';
import { loadSettings, type Settings } from '../../shared/settings.ts';
import type { DayTradeDeps } from './day-trade.deps.ts';
import type { ApplicationRow } from './day-trade.repo.ts';
import * as repo from './day-trade.repo.ts';
import { messageParams } from './day-trade.review.ts';

/** Open applications are read this many at a time (by id), never all at once. */
const APPLICATION_BATCH = 1000;
/** A position of a line, as the round reads them. */
type LinePosition = Awaited<ReturnType<typeof repo.positionsOf>>[number];
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

  /**
   * Close a line's open positions (as read by the round) at market, during continuous trading only; how
   * many are still open.
   */
  async function closePositions(
    app: ApplicationRow,
    positions: readonly LinePosition[],
    now: number,
    settings: Settings,
  ) {
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

  /**
   * Return lines' balances to cash and end their applications (each once), a batch of lines in one
   * transaction and a fixed number of statements: the lines locked (in id order) and re-read, their
   * positions read (a line with one still open waits), their accounts locked, every payout in one ledger
   * call, the fund records, the statuses and the notices each in one statement. A line's payout is its
   * account's available balance (what an earlier line of the same account in the batch left of it).
   * Returns how many settled.
   */
  async function settle(ids: readonly bigint[], now: number): Promise<number> {
    return withTx(db, async (tx) => {
      const live = (await repo.lockApplications(tx, ids)).filter((row) => {
        const state = dayTradeStateOf(row.status);
        return state === 'approved' || state === 'trading';
      });
      if (live.length === 0) return 0;
      const open = new Set(
        (
          await repo.positionsOf(
            tx,
            live.map((r) => r.id),
          )
        )
          .filter((p) => isOpen(p.status))
          .map((p) => p.application_id),
      );
      const rows = live.filter((r) => !open.has(r.id));
      if (rows.length === 0) return 0;
      const accounts = await lockAccountSet(
        tx,
        rows.flatMap((row) => {
          const mkt = row.currency as Market;
          return [
            { owner: row.user_id, currency: mkt, kind: 'cash' },
            { owner: row.user_id, currency: mkt, kind: 'day_trade' },
          ] satisfies AccountSpec[];
        }),
      );
      const account = (owner: bigint, currency: Market, kind: 'cash' | 'day_trade') =>
        accounts.get({ owner, currency, kind });
      const at = new Date(now);
      const taken = new Map<bigint, Units>();
      const lines = rows.map((row) => {
        const mkt = row.currency as Market;
        const line = account(row.user_id, mkt, 'day_trade');
        const payout = availableBalance(line) - (taken.get(line.id) ?? 0n);
        if (payout > 0n) taken.set(line.id, (taken.get(line.id) ?? 0n) + payout);
        return { row, mkt, line, payout, ref: `daytrade:${row.order_no}` };
      });
      const paying = lines.filter((x) => x.payout > 0n);
      const done = await transferMany(
        tx,
        paying.map((x) => ({
          type: 'single' as const,
          debitAccountId: x.line.id,
          creditAccountId: account(x.row.user_id, x.mkt, 'cash').id,
          amount: x.payout,
          currency: x.mkt,
          code: 'day_trade' as const,
          operationRef: x.ref,
        })),
        accounts.byId,
      );
      await writeFundRecords(
        tx,
        paying.map((x, i) => ({
          userId: x.row.user_id,
          currency: x.mkt,
          type: 'day_trade_settlement' as const,
          orderNo: x.row.order_no,
          amount: x.payout,
          transferId: done[i].id,
          ref: x.ref,
          at,
        })),
      );
      const ends = lines.map((x) => ({
        ...x,
        end: dayTradeStateOf(x.row.status) === 'trading' ? ('complete' as const) : ('failed' as const),
      }));
      await repo.settled(
        tx,
        ends.map((x) => ({
          id: x.row.id,
          status: DAY_TRADE_CODED.move(x.row.status, DAY_TRADE_CODE[x.end]),
          payout: x.payout,
          pnl: x.payout - x.row.amount,
        })),
        at,
      );
      await sendNotices(
        tx,
        at,
        ends.map((x) => ({
          userId: x.row.user_id,
          template: x.end === 'complete' ? 'dayTradeSettled' : 'dayTradeFailed',
          params: {
            ...messageParams(x.row),
            payout: formatUnits(x.payout),
            pnl: formatUnits(x.payout - x.row.amount),
          },
        })),
      );
      return rows.length;
    });
  }

  /**
   * One round: every open application whose day is over is expired, closed out and settled; the lines
   * of a batch with nothing left open settle together. A line that could not settle fails the round
   * (its error thrown once every other line is done), which the next round retries.
   */
  async function runJobs() {
    const now = clock.now();
    const settings = await loadSettings(db);
    const minutes = settings.day_trade_forced_close_minutes;
    const out = { expired: 0, forcedClosed: 0, settled: 0 };
    const failed = noFailures();
    // every open application, a batch at a time by id (not only the first batch: a day's are all settled)
    for (let after = 0n; ; ) {
      const batch = await repo.openApplications(db, after, batchSize);
      if (batch.length === 0) break;
      after = batch[batch.length - 1].id;
      const over = batch.filter((app) => isDayTradeOver(app.market as Market, app.trade_date, minutes, now));
      const lines = over.filter((app) => dayTradeStateOf(app.status) !== 'review');
      // the open positions of the batch's lines, in one read
      const open = new Map<bigint, LinePosition[]>();
      for (const p of await repo.positionsOf(
        db,
        lines.map((app) => app.id),
      )) {
        if (!isOpen(p.status)) continue;
        const list = open.get(p.application_id) ?? [];
        list.push(p);
        open.set(p.application_id, list);
      }
      const ready: bigint[] = [];
      for (const app of over) {
        if (dayTradeStateOf(app.status) === 'review') {
          if (await expire(app, now)) out.expired++;
          continue;
        }
        const c = await closePositions(app, open.get(app.id) ?? [], now, settings);
        out.forcedClosed += c.closed;
        if (c.open === 0) ready.push(app.id);
      }
      out.settled += await batchThenEach(ready, (ids) => settle(ids, now), failed);
    }
    if (failed.count > 0) throw failed.first;
    return out;
  }

  return { runJobs };
}

export type DayTradeJobs = ReturnType<typeof dayTradeJobs>;
