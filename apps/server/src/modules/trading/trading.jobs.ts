import { withTx } from '@kabuto/db';
import {
  canSell,
  type Direction,
  formatUnits,
  isCashPosition,
  isContinuousTrading,
  localDate,
  type Market,
  maintenanceBreached,
  movePosition,
  OPEN_POSITION_STATUSES,
  POSITION_STATUS,
  percentToPpm,
} from '@kabuto/domain';
import { sendNotice } from '../../shared/notices.ts';
import { loadSettings } from '../../shared/settings.ts';
import type { OrdersService } from './orders.service.ts';
import { openPositionOf, type PositionsService } from './positions.service.ts';
import type { TradingDeps } from './trading.deps.ts';
import type { PositionRow } from './trading.repo.ts';
import * as repo from './trading.repo.ts';

/** A limit order is a day order: it lapses when its market's local date has moved past the order's. */
const expired = (p: PositionRow, now: number) =>
  localDate(p.market as Market, now) !== localDate(p.market as Market, p.created_at.getTime());

/**
 * The trading jobs (the leader process only): fill limit orders whose price is reached, expire the
 * limit orders of a past trading day, enforce the maintenance margin.
 */
export function positionJobs(t: TradingDeps, orders: OrdersService, positions: PositionsService) {
  const { db, clock, market, venue } = t;

  /**
   * Maintenance margin: a holding whose equity (margin + gross P&L) falls to the maintenance ratio of
   * its margin becomes "preparing to close" (site message), and is closed at market as soon as it may
   * be (continuous trading; China: not on the buying day), with another site message. A fully paid
   * holding (a 1× long: a plain buy, an allotment, a block purchase) is never touched.
   */
  async function enforceMaintenance(): Promise<{ marked: number; closed: number }> {
    const now = clock.now();
    const settings = await loadSettings(db);
    const ratioPpm = percentToPpm(settings.trading_maintenance_ratio);
    const open = await repo.positionsWithStatus(db, OPEN_POSITION_STATUSES);
    let marked = 0;
    let closed = 0;
    for (const p of open) {
      // fully paid holdings (1× longs) are never force-closed
      if (isCashPosition(p)) continue;
      const inst = market.instrument(p.symbol);
      const q = market.quote(p.symbol);
      if (!inst || !q) continue;
      const breached = maintenanceBreached(openPositionOf(p), q.price, ratioPpm);
      if (p.status === POSITION_STATUS.holding && !breached) continue;
      const names = { order: p.order_no, name: inst.names.jp, code: inst.symbol };
      if (p.status === POSITION_STATUS.holding) {
        movePosition(p.status, POSITION_STATUS.closing);
        const ok = await withTx(db, async (tx) => {
          if (!(await repo.markClosing(tx, p.id, new Date(now)))) return false;
          await sendNotice(tx, new Date(clock.now()), p.user_id, 'forcedClosePending', {
            ...names,
            ratio: settings.trading_maintenance_ratio,
          });
          return true;
        });
        if (!ok) continue;
        marked++;
      }
      if (!isContinuousTrading(inst.market, now)) continue;
      if (!canSell(inst.market, (p.filled_at ?? p.created_at).getTime(), now)) continue;
      const r = await withTx(db, async (tx) => {
        const pos = await repo.lockPosition(tx, null, p.id);
        if (!pos || pos.status !== POSITION_STATUS.closing) return null;
        const c = await positions.closeLocked(tx, pos, 'forced', now, settings);
        await sendNotice(tx, new Date(clock.now()), pos.user_id, 'forcedClosed', {
          ...names,
          price: formatUnits(c.price),
          pnl: formatUnits(c.pnl),
          currency: inst.market.toUpperCase(),
        });
        return c;
      }).catch(() => null);
      if (r) closed++;
    }
    return { marked, closed };
  }

  /**
   * One pass over the pending limit orders: an order of a past trading day expires (its hold is voided,
   * with a site message); any other fills when its price has been reached (continuous trading only).
   * Each runs in its own transaction, on the row locked and re-checked.
   */
  async function processPendingOrders(): Promise<{ expired: number; filled: number }> {
    const now = clock.now();
    const pending = await repo.positionsWithStatus(db, [POSITION_STATUS.pending]);
    const out = { expired: 0, filled: 0 };
    for (const p of pending) {
      if (p.limit_price === null) continue;
      const lapsed = expired(p, now);
      const price = lapsed ? null : venue.limitFill(p.symbol, p.direction as Direction, p.limit_price, now);
      if (!lapsed && price === null) continue;
      const done = await withTx(db, async (tx) => {
        const pos = await repo.lockPosition(tx, null, p.id);
        if (!pos || pos.status !== POSITION_STATUS.pending) return false;
        if (price !== null) {
          await orders.fillLocked(tx, pos, price, now);
          return true;
        }
        await positions.withdrawLocked(tx, pos, 'expired', now);
        const inst = market.instrument(pos.symbol);
        await sendNotice(tx, new Date(clock.now()), pos.user_id, 'orderExpired', {
          order: pos.order_no,
          name: inst?.names.jp ?? pos.symbol,
          code: pos.symbol,
        });
        return true;
      });
      if (done) out[lapsed ? 'expired' : 'filled']++;
    }
    return out;
  }

  async function runJobs() {
    const filledOrExpired = await processPendingOrders();
    const m = await enforceMaintenance();
    return { ...filledOrExpired, ...m };
  }

  return { processPendingOrders, enforceMaintenance, runJobs };
}

export type PositionJobs = ReturnType<typeof positionJobs>;

/**
 * The trading jobs on a timer. Each round reads the injected clock, so tests call `runOnce()` after
 * moving a ManualClock.
 */
export function tradingJobs(
  jobs: Pick<PositionJobs, 'runJobs'>,
  intervalMs: () => Promise<number>,
  log?: (err: unknown) => void,
) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;

  const round = async () => {
    if (stopped) return;
    running = jobs.runJobs().catch((err) => log?.(err));
    await running;
    running = null;
    if (stopped) return;
    const ms = await intervalMs().catch(() => 1000);
    timer = setTimeout(round, ms);
    timer.unref?.();
  };

  return {
    runOnce: () => jobs.runJobs(),
    start(): void {
      if (!stopped) return;
      stopped = false;
      timer = setTimeout(round, 0);
      timer.unref?.();
    },
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

export type TradingJobs = ReturnType<typeof tradingJobs>;
