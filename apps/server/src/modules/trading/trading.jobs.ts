import type { Tx } from '@kabuto/db';
import { withTx } from '@kabuto/db';
import {
  crosses,
  type Direction,
  daySchedule,
  isContinuousTrading,
  localDate,
  lockedAgainst,
  type Market,
  nextCallPoint,
  POSITION_STATUS,
  stopAllocation,
} from '@kabuto/domain';
import { CALL_PENDING } from '@kabuto/market';
import { AppError } from '../../lib/errors.ts';
import { sendNotice } from '../../shared/notices.ts';
import { loadSettings, type Settings } from '../../shared/settings.ts';
import type { OrdersService } from './orders.service.ts';
import type { PositionsService } from './positions.service.ts';
import type { TradingDeps } from './trading.deps.ts';
import type { PositionRow } from './trading.repo.ts';
import * as repo from './trading.repo.ts';

/** The last exchange-local day a pending order is valid: its `valid_until`, else the day it was placed. */
const validDay = (p: PositionRow) => p.valid_until ?? localDate(p.market as Market, p.created_at.getTime());

/**
 * Whether a pending order has lapsed. An order placed without the order book's fields is a day order
 * that lapses when its market's local date has moved past the order's; an order-book order lapses after
 * the close of its last valid day, once the calls it waits for have been held.
 */
function expired(p: PositionRow, now: number): boolean {
  const mkt = p.market as Market;
  if (p.valid_until === null) return localDate(mkt, now) !== localDate(mkt, p.created_at.getTime());
  if (p.waits_for !== null && p.waits_for.getTime() <= now) return false;
  if (localDate(mkt, now) > p.valid_until) return true;
  const day = daySchedule(mkt, p.valid_until);
  return day !== null && now >= day.end && p.waits_for === null;
}

const due = (p: PositionRow, now: number) => p.waits_for !== null && p.waits_for.getTime() <= now;

/**
 * The trading jobs (the leader process only): fill limit orders whose price is reached, expire the
 * limit orders of a past trading day (the maintenance of margin books is the margin module's).
 */
export function positionJobs(t: TradingDeps, orders: OrdersService, positions: PositionsService) {
  const { db, clock, market, venue } = t;

  /** Withdraw a locked pending order that lapsed (its holds voided), with a site message. */
  async function expireLocked(tx: Tx, pos: PositionRow, now: number) {
    await positions.withdrawLocked(tx, pos, 'expired', now);
    const inst = market.instrument(pos.symbol);
    await sendNotice(tx, new Date(clock.now()), pos.user_id, 'orderExpired', {
      order: pos.order_no,
      name: inst?.names.jp ?? pos.symbol,
      code: pos.symbol,
    });
  }

  /**
   * One order's turn, on its row locked: the calls it waits for that are due are held in time order
   * (it fills at the call's one price when that crosses it; an on-open or on-close order that does not
   * cross lapses; any other moves on to its market's next call within its validity, or rests); then it
   * lapses when its validity is over, or fills in continuous trading (a resting limit when the market
   * reaches it; a market order waiting at a locked limit once the market leaves the limit).
   */
  async function stepLocked(
    tx: Tx,
    row: PositionRow,
    now: number,
    settings: Settings,
  ): Promise<'filled' | 'expired' | null> {
    let pos = row;
    const mkt = pos.market as Market;
    const dir = pos.direction as Direction;
    while (pos.waits_for !== null && pos.waits_for.getTime() <= now && !pos.locked) {
      const at = pos.waits_for.getTime();
      const print = venue.callPrint(pos.symbol, at);
      // the provider does not know the call's print yet (delayed data): the order keeps waiting for it
      if (print === CALL_PENDING) return null;
      if (print && crosses(dir, pos.limit_price, print.price)) {
        await orders.fillLocked(tx, pos, print.price, at, settings);
        return 'filled';
      }
      if (pos.timing !== 'any') {
        await expireLocked(tx, pos, now);
        return 'expired';
      }
      const next = nextCallPoint(mkt, at);
      const waits = next.date <= validDay(pos) ? new Date(next.at) : null;
      await repo.setWaitsFor(tx, pos.id, waits, new Date(now));
      pos = { ...pos, waits_for: waits };
    }
    if (expired(pos, now)) {
      await expireLocked(tx, pos, now);
      return 'expired';
    }
    if (pos.timing !== 'any' || !isContinuousTrading(mkt, now)) return null;
    if (pos.locked) {
      const q = market.quote(pos.symbol);
      if (!q || lockedAgainst(dir, q.price, { up: q.limitUp, down: q.limitDown })) return null;
      const price = venue.marketFill(pos.symbol, dir, now);
      if (price === null) return null;
      await orders.fillLocked(tx, pos, price, now, settings);
      return 'filled';
    }
    if (pos.limit_price === null) return null;
    const price = venue.limitFill(pos.symbol, dir, pos.limit_price, now);
    if (price === null) return null;
    await orders.fillLocked(tx, pos, price, now, settings);
    return 'filled';
  }

  /** Whether an order (as read, unlocked) has anything to do now: the lock is taken only then. */
  function wantsTurn(p: PositionRow, now: number): boolean {
    if (due(p, now) || expired(p, now)) return true;
    const mkt = p.market as Market;
    if (p.timing !== 'any' || !isContinuousTrading(mkt, now)) return false;
    const q = market.quote(p.symbol);
    if (!q) return false;
    const dir = p.direction as Direction;
    if (p.locked) return !lockedAgainst(dir, q.price, { up: q.limitUp, down: q.limitDown });
    return p.limit_price !== null && venue.limitFill(p.symbol, dir, p.limit_price, now) !== null;
  }

  /**
   * The close of a day locked at its limit (ストップ配分): the market orders waiting on the locked side for
   * this close, locked together, get the closing print's shares pro rata (`stopAllocation`); an order
   * allotted nothing lapses. When the close is off the limit they all fill at the closing price.
   */
  async function allocateAtClose(group: readonly PositionRow[], now: number, settings: Settings) {
    const out = { filled: 0, expired: 0 };
    const first = group[0];
    const at = first.waits_for!.getTime();
    const print = venue.callPrint(first.symbol, at);
    if (!print || print === CALL_PENDING) return out;
    await withTx(db, async (tx) => {
      const rows: PositionRow[] = [];
      for (const p of group) {
        const pos = await repo.lockPosition(tx, null, p.id);
        if (pos && pos.status === POSITION_STATUS.pending && pos.locked && pos.waits_for?.getTime() === at)
          rows.push(pos);
      }
      const dir = first.direction as Direction;
      const atLimit = lockedAgainst(dir, print.price, { up: print.limitUp, down: print.limitDown });
      const shares = atLimit
        ? stopAllocation(
            rows.map((r) => r.quantity),
            print.volume,
          )
        : rows.map((r) => r.quantity);
      for (const [i, pos] of rows.entries()) {
        if (shares[i] > 0n) {
          await orders.fillLocked(tx, pos, print.price, at, settings, shares[i]);
          out.filled++;
        } else {
          await expireLocked(tx, pos, now);
          out.expired++;
        }
      }
    });
    return out;
  }

  /**
   * One pass over the pending orders: the locked market orders whose close is due are allocated, by
   * symbol and side; every other order takes its turn (stepLocked) in its own transaction, on the row
   * locked and re-read, so a crash between two leaves each either done or untouched.
   */
  async function processPendingOrders(): Promise<{ expired: number; filled: number }> {
    const now = clock.now();
    const settings = await loadSettings(db);
    const out = { expired: 0, filled: 0 };
    const groups = new Map<string, PositionRow[]>();
    for await (const p of repo.positionsInBatches(db, [POSITION_STATUS.pending])) {
      if (p.locked && due(p, now)) {
        const k = `${p.symbol}|${p.direction}|${p.waits_for!.getTime()}`;
        groups.set(k, [...(groups.get(k) ?? []), p]);
        continue;
      }
      if (!wantsTurn(p, now)) continue;
      const done = await withTx(db, async (tx) => {
        const pos = await repo.lockPosition(tx, null, p.id);
        if (!pos || pos.status !== POSITION_STATUS.pending) return null;
        return stepLocked(tx, pos, now, settings);
      }).catch(async (err) => {
        // a fill the ledger refuses (the cash for a price past the hold is not there): the order lapses
        if (!(err instanceof AppError)) throw err;
        return withTx(db, async (tx) => {
          const pos = await repo.lockPosition(tx, null, p.id);
          if (!pos || pos.status !== POSITION_STATUS.pending) return null;
          await expireLocked(tx, pos, now);
          return 'expired' as const;
        });
      });
      if (done) out[done]++;
    }
    for (const group of groups.values()) {
      const r = await allocateAtClose(group, now, settings);
      out.filled += r.filled;
      out.expired += r.expired;
    }
    return out;
  }

  return { processPendingOrders };
}

export type PositionJobs = ReturnType<typeof positionJobs>;
