import { withTx } from '@kabuto/db';
import {
  canMovePosition,
  canSell,
  type ExitKind,
  type ExitState,
  isContinuousTrading,
  type Market,
  POSITION_STATUS,
  type Side,
  stepExit,
  trailLevel,
  type Units,
} from '@kabuto/domain';
import type { Lang } from '@kabuto/market';
import { refuse } from '../../lib/errors.ts';
import { nameOf } from '../../shared/market-data.ts';
import { loadSettings } from '../../shared/settings.ts';
import type { ExitRow, NewExit } from './exits.repo.ts';
import * as exitsRepo from './exits.repo.ts';
import type { PositionsService } from './positions.service.ts';
import type { OperationKey, TradingDeps } from './trading.deps.ts';
import type { PositionRow } from './trading.repo.ts';
import * as repo from './trading.repo.ts';

/** One leg as the user asks for it. */
export interface ExitLeg {
  kind: ExitKind;
  limitPrice?: Units;
  stopPrice?: Units;
  trailAmount?: Units;
  trailPpm?: bigint;
}

/** What a client asks for on a position: one leg, or an OCO pair (a limit and a stop). */
export interface ExitRequest {
  legs: [ExitLeg] | [ExitLeg, ExitLeg];
  quantity?: bigint;
}

export const exitState = (e: ExitRow): ExitState => ({
  side: e.side as Side,
  kind: e.kind,
  limit: e.limit_price,
  stop: e.stop_price,
  trailAmount: e.trail_amount,
  trailPpm: e.trail_ppm,
  extreme: e.extreme,
  triggered: e.status === 'triggered',
});

/** A leg's price fields must be the ones its kind uses, each positive. */
function checkLeg(l: ExitLeg): void {
  const pos = (x: bigint | undefined) => x !== undefined && x > 0n;
  const ok =
    (l.kind === 'limit' && pos(l.limitPrice)) ||
    (l.kind === 'stop' && pos(l.stopPrice)) ||
    (l.kind === 'stop_limit' && pos(l.stopPrice) && pos(l.limitPrice)) ||
    (l.kind === 'trail' &&
      pos(l.trailAmount) !== pos(l.trailPpm) &&
      (l.trailPpm === undefined || l.trailPpm < 1_000_000n));
  if (!ok) refuse('trade.exitPrices');
}

/** The rows of the legs of one request on a position (`status` waiting for an IFD, else working). */
export function exitRows(
  pos: Pick<PositionRow, 'id' | 'user_id' | 'market' | 'symbol' | 'direction'>,
  req: ExitRequest,
  status: 'waiting' | 'working',
  at: Date,
): NewExit[] {
  for (const l of req.legs) checkLeg(l);
  if (req.legs.length === 2) {
    const kinds = req.legs.map((l) => l.kind).sort();
    if (kinds[0] !== 'limit' || kinds[1] === 'limit') refuse('trade.exitPrices');
  }
  return req.legs.map((l) => ({
    user_id: pos.user_id,
    position_id: pos.id,
    market: pos.market,
    symbol: pos.symbol,
    side: pos.direction,
    kind: l.kind,
    quantity: req.quantity ?? null,
    limit_price: l.limitPrice ?? null,
    stop_price: l.stopPrice ?? null,
    trail_amount: l.trailAmount ?? null,
    trail_ppm: l.trailPpm ?? null,
    extreme: null,
    status,
    created_at: at,
    updated_at: at,
  }));
}

/**
 * Exit orders: placed on a holding (or, for IFD, with the order that opens it), cancelled or amended by
 * the user, fired by the leader's job. Each fire is one transaction: the exit's row locked and re-read,
 * the close (or the partial close) of its position, the exit marked filled and its OCO partner
 * cancelled — so a trigger fires once, and a crash leaves it either fired or untouched.
 */
export function exitsService(
  t: TradingDeps,
  positions: PositionsService,
  /** Where a fire that failed is told (logged); the exit stays live and is tried again next round. */
  onFireError: (err: unknown, exitId: bigint) => void = () => {},
) {
  const { db, clock, market, keys } = t;

  async function place(userId: bigint, positionId: bigint, req: ExitRequest, key?: OperationKey) {
    const now = clock.now();
    return withTx(db, async (tx) => {
      const pos = await repo.lockPosition(tx, userId, positionId);
      if (!pos) return refuse('trade.orderNotFound');
      const pending = pos.status === POSITION_STATUS.pending;
      if (!pending && !canMovePosition(pos.status, POSITION_STATUS.closed)) refuse('trade.notHolding');
      if (req.quantity !== undefined && req.quantity > pos.quantity)
        refuse('trade.closeQuantity', { max: pos.quantity.toString() });
      const rows = await exitsRepo.insertExits(
        tx,
        exitRows(pos, req, pending ? 'waiting' : 'working', new Date(now)),
      );
      if (rows.length === 2) await exitsRepo.linkOco(tx, rows[0].id, rows[1].id);
      await keys.markApplied(tx, key);
      return rows.map((r) => String(r.id));
    });
  }

  /** Cancel one exit (one leg of an OCO leaves the other working). */
  async function cancel(userId: bigint, id: bigint, key?: OperationKey) {
    const now = clock.now();
    await withTx(db, async (tx) => {
      const e = await exitsRepo.lockExit(tx, userId, id);
      if (!e) return refuse('trade.orderNotFound');
      if (!['waiting', 'working', 'triggered'].includes(e.status)) refuse('trade.notPending');
      await exitsRepo.updateExit(tx, id, { status: 'cancelled', oco_with: null, updated_at: new Date(now) });
      if (e.oco_with !== null) await exitsRepo.updateExit(tx, e.oco_with, { oco_with: null });
      await keys.markApplied(tx, key);
    });
  }

  /** Amend a waiting or working exit's prices or quantity (a trailing stop restarts from the next price). */
  async function amend(
    userId: bigint,
    id: bigint,
    change: { limitPrice?: Units; stopPrice?: Units; quantity?: bigint },
    key?: OperationKey,
  ) {
    const now = clock.now();
    await withTx(db, async (tx) => {
      const e = await exitsRepo.lockExit(tx, userId, id);
      if (!e) return refuse('trade.orderNotFound');
      if (!['waiting', 'working'].includes(e.status)) refuse('trade.notPending');
      const leg: ExitLeg = {
        kind: e.kind,
        limitPrice: change.limitPrice ?? e.limit_price ?? undefined,
        stopPrice: change.stopPrice ?? e.stop_price ?? undefined,
        trailAmount: e.trail_amount ?? undefined,
        trailPpm: e.trail_ppm ?? undefined,
      };
      if (
        (change.limitPrice !== undefined && e.limit_price === null) ||
        (change.stopPrice !== undefined && e.stop_price === null)
      )
        refuse('trade.exitPrices');
      checkLeg(leg);
      const pos = await repo.lockPosition(tx, userId, e.position_id);
      if (pos && change.quantity !== undefined && change.quantity > pos.quantity)
        refuse('trade.closeQuantity', { max: pos.quantity.toString() });
      await exitsRepo.updateExit(tx, id, {
        limit_price: leg.limitPrice ?? null,
        stop_price: leg.stopPrice ?? null,
        quantity: change.quantity ?? e.quantity,
        updated_at: new Date(now),
      });
      await keys.markApplied(tx, key);
    });
  }

  const list = (userId: bigint, mkt: Market) => exitsRepo.listExits(db, userId, mkt);

  /**
   * One exit at one price, in its own transaction on its row locked: the state it moves to (a trailing
   * stop's best price, a stop-limit triggered) is written; a fill closes the position (or the part the
   * exit names) at the fill price and cancels the OCO partner. Returns what happened.
   */
  async function fire(id: bigint, now: number): Promise<'filled' | 'moved' | 'cancelled' | null> {
    const settings = await loadSettings(db);
    return withTx(db, async (tx) => {
      const e = await exitsRepo.lockExit(tx, null, id);
      if (!e || (e.status !== 'working' && e.status !== 'triggered')) return null;
      const at = new Date(now);
      let pos = await repo.lockPosition(tx, null, e.position_id);
      if (!pos || !canMovePosition(pos.status, POSITION_STATUS.closed)) {
        await exitsRepo.updateExit(tx, e.id, { status: 'cancelled', updated_at: at });
        return 'cancelled';
      }
      const mkt = pos.market as Market;
      if (!isContinuousTrading(mkt, now)) return null;
      if (!canSell(mkt, (pos.filled_at ?? pos.created_at).getTime(), now)) return null;
      const q = market.quote(e.symbol);
      if (!q || q.price <= 0n) return null;
      const step = stepExit(exitState(e), q.price);
      if (step.fill === null) {
        const moved = step.state.extreme !== e.extreme || step.state.triggered !== (e.status === 'triggered');
        if (!moved) return null;
        await exitsRepo.updateExit(tx, e.id, {
          extreme: step.state.extreme,
          status: step.state.triggered ? 'triggered' : e.status,
          fired_at: step.fired ? at : e.fired_at,
          updated_at: at,
        });
        return 'moved';
      }
      const qty = e.quantity !== null && e.quantity < pos.quantity ? e.quantity : null;
      if (qty !== null) {
        if (pos.lent) return null;
        pos = await positions.splitLocked(tx, pos, qty, now);
      }
      await positions.closeLocked(tx, pos, 'user', now, settings, step.fill);
      await exitsRepo.updateExit(tx, e.id, {
        status: 'filled',
        extreme: step.state.extreme,
        fill_price: step.fill,
        closed_position_id: pos.id,
        fired_at: e.fired_at ?? at,
        updated_at: at,
      });
      if (e.oco_with !== null) {
        const other = await exitsRepo.lockExit(tx, null, e.oco_with);
        if (other && ['working', 'triggered', 'waiting'].includes(other.status))
          await exitsRepo.updateExit(tx, other.id, { status: 'cancelled', updated_at: at });
      }
      // a whole close leaves no position for the other exits on it
      if (qty === null) await exitsRepo.cancelOpenExits(tx, e.position_id, at);
      return 'filled';
    });
  }

  /**
   * The leader's pass over the live exits: each whose price step changes anything (a fill, a trigger, a
   * trailing stop's new best price) fires in its own transaction. The read is unlocked; `fire` re-reads.
   */
  async function runExits(): Promise<{ fired: number }> {
    const now = clock.now();
    const live = await exitsRepo.liveExits(db);
    let fired = 0;
    // one session check per market and one quote per symbol for the pass (thousands of exits share them)
    const trading = new Map<string, boolean>();
    const quotes = new Map<string, ReturnType<typeof market.quote>>();
    for (const e of live) {
      if (!trading.has(e.market)) trading.set(e.market, isContinuousTrading(e.market as Market, now));
      if (!trading.get(e.market)) continue;
      if (!quotes.has(e.symbol)) quotes.set(e.symbol, market.quote(e.symbol));
      const q = quotes.get(e.symbol);
      if (!q || q.price <= 0n) continue;
      const step = stepExit(exitState(e), q.price);
      if (
        step.fill === null &&
        step.state.extreme === e.extreme &&
        step.state.triggered === (e.status === 'triggered')
      )
        continue;
      const r = await fire(e.id, now).catch((err: unknown) => {
        onFireError(err, e.id);
        return null;
      });
      if (r === 'filled') fired++;
    }
    return { fired };
  }

  /** The level a live exit triggers at now (a trailing stop's moves with its best price). */
  const levelOf = (e: ExitRow): Units | null =>
    e.kind === 'trail' ? (e.extreme === null ? null : trailLevel(exitState(e), e.extreme)) : e.stop_price;

  const name = (symbol: string, lang: Lang) => {
    const inst = market.instrument(symbol);
    return inst ? nameOf(inst, lang) : symbol;
  };

  return { place, cancel, amend, list, fire, runExits, levelOf, name };
}

export type ExitsService = ReturnType<typeof exitsService>;
