import type { Tx } from '@kabuto/db';
import { withTx } from '@kabuto/db';
import {
  canMovePosition,
  canSell,
  closeSettlement,
  grossPnl,
  isCashPosition,
  isContinuousTrading,
  type LocalDate,
  localDate,
  type Market,
  marginTermEnd,
  movePosition,
  netPnl,
  OPEN_POSITION_STATUSES,
  POSITION_STATUS,
  type PositionStatus,
  splitPosition,
  type Units,
} from '@kabuto/domain';
import {
  availableBalance,
  lockLedgerAccounts,
  shardFor,
  type TransferCode,
  type TransferRequest,
} from '@kabuto/ledger';
import type { Instrument } from '@kabuto/market';
import { batcher } from '../../lib/batcher.ts';
import { refuse } from '../../lib/errors.ts';
import { writeFundRecords } from '../../shared/fund-records.ts';
import { transfer } from '../../shared/ledger.ts';
import { configuredLegFees, loadSettings, type Settings } from '../../shared/settings.ts';
import { recordSaleProceeds } from '../../shared/settlement.ts';
import * as exitsRepo from './exits.repo.ts';
import { instrumentOf, type OperationKey, type TradingDeps } from './trading.deps.ts';
import type { PositionRow } from './trading.repo.ts';
import * as repo from './trading.repo.ts';

/** A position as the module hands it out: the row, its instrument, the price it is valued at, its P&L. */
export interface PositionView {
  row: PositionRow;
  inst: Instrument | undefined;
  /** The live price of an open or pending position, the close price of a closed one. */
  price: Units | null;
  /** Position P&L: floating while open (net of the opening fees), realised once closed. */
  pnl: Units;
  /** Market value of an open position (0 otherwise). */
  value: Units;
  /** A margin position's costs: accrued to date while open, charged once closed (0 for a cash position). */
  financing: Units;
  /** The last day of a margin position's term (制度信用), null for a cash position or without a term. */
  termEnd: LocalDate | null;
}

/** The P&L inputs of a stored position. */
export const openPositionOf = (p: PositionRow) => ({
  openPrice: p.open_price,
  quantity: p.quantity,
  direction: p.direction,
  margin: p.margin,
  buyFee: p.buy_fee,
  stampDuty: p.stamp_duty,
});

const isOpen = (status: number) => (OPEN_POSITION_STATUSES as readonly number[]).includes(status);

/**
 * Positions: the user's close (sell) and the withdrawal of a pending order (cancel), the close and the
 * withdrawal the jobs reuse, and the lists. A close releases the margin, settles P&L against the platform
 * counterparty, then charges the sell fee and stamp duty (`closeSettlement` in the domain says how much).
 */
export function positionsService(t: TradingDeps) {
  const { db, clock, market, venue, keys } = t;

  /**
   * Close a locked holding at the market price. A loss beyond what the user's cash can pay is absorbed
   * by the platform (cash never goes below zero).
   */
  async function closeLocked(
    tx: Tx,
    pos: PositionRow,
    reason: 'user' | 'forced',
    now: number,
    settings: Settings,
    /** The fill price of a limit exit (docs/orders.md); else the market's. */
    fillPrice?: Units,
  ) {
    const inst = instrumentOf(market, pos.symbol);
    const mkt = inst.market;
    if (!isContinuousTrading(mkt, now)) refuse('trade.outsideHours');
    const openedAt = (pos.filled_at ?? pos.created_at).getTime();
    if (!canSell(mkt, openedAt, now)) refuse('trade.sameDaySell');
    const price = fillPrice ?? venue.marketFill(inst.symbol, pos.direction === 1 ? 2 : 1, now);
    if (price === null) return refuse('trade.priceUnavailable');
    movePosition(pos.status, POSITION_STATUS.closed);
    // selling a lent position recalls it first (the fee accrued so far is paid in this transaction)
    if (pos.lent) await t.lending?.recallOnClose(tx, pos, now, settings);
    const fees = configuredLegFees(
      settings,
      mkt,
      pos.direction === 2 ? 2 : 1,
      'close',
      price,
      pos.quantity,
      now,
    );

    // The accounts locked and read once; the balance holds until the transfers below. A day-trade
    // position settles into its line (the user's day_trade account), not into cash.
    const shard = shardFor(pos.user_id);
    const [cash, marginAcc, feesAcc, cp] = await lockLedgerAccounts(tx, [
      { owner: pos.user_id, currency: mkt, kind: pos.day_trade ? 'day_trade' : 'cash' },
      { owner: pos.user_id, currency: mkt, kind: 'margin' },
      { owner: null, currency: mkt, kind: 'fees', shard },
      { owner: null, currency: mkt, kind: 'counterparty', shard },
    ]);
    const s = closeSettlement({
      gross: grossPnl(openPositionOf(pos), price),
      available: availableBalance(cash),
      margin: pos.margin,
      sellFee: fees.fee,
      sellStampDuty: fees.stampDuty,
      buyFee: pos.buy_fee,
      buyStampDuty: pos.stamp_duty,
    });

    const ref = `position:${pos.order_no}`;
    const move = (debit: bigint, credit: bigint, amount: Units, code: TransferCode): TransferRequest => ({
      type: 'single',
      debitAccountId: debit,
      creditAccountId: credit,
      amount,
      currency: mkt,
      code,
      operationRef: ref,
    });
    const reqs: TransferRequest[] = [move(marginAcc.id, cash.id, pos.margin, 'margin_release')];
    const kinds: { type: 'stock_sell' | 'fee' | 'stamp_duty'; amount: Units; memo: string }[] = [
      { type: 'stock_sell', amount: pos.margin, memo: 'margin' },
    ];
    if (s.gain > 0n) {
      reqs.push(move(cp.id, cash.id, s.gain, 'pnl'));
      kinds.push({ type: 'stock_sell', amount: s.gain, memo: 'pnl' });
    } else if (s.loss > 0n) {
      reqs.push(move(cash.id, cp.id, s.loss, 'pnl'));
      kinds.push({ type: 'stock_sell', amount: -s.loss, memo: 'pnl' });
    }
    if (s.sellFee > 0n) {
      reqs.push(move(cash.id, feesAcc.id, s.sellFee, 'fee'));
      kinds.push({ type: 'fee', amount: -s.sellFee, memo: 'sell fee' });
    }
    if (s.stampDuty > 0n) {
      reqs.push(move(cash.id, feesAcc.id, s.stampDuty, 'stamp_duty'));
      kinds.push({ type: 'stamp_duty', amount: -s.stampDuty, memo: 'stamp duty' });
    }
    // a margin position's loss beyond what cash can pay is the user's debt (不足金), not the platform's
    const gross = grossPnl(openPositionOf(pos), price);
    const grossLoss = gross < 0n ? -gross : 0n;
    const owed = !pos.day_trade && !isCashPosition(pos) && grossLoss > s.loss ? grossLoss - s.loss : 0n;
    if (owed > 0n) {
      const [debt] = await lockLedgerAccounts(tx, [{ owner: pos.user_id, currency: mkt, kind: 'shortfall' }]);
      reqs.push(move(debt.id, cp.id, owed, 'shortfall'));
    }
    const ts = await transfer(tx, reqs);
    // what the sale credited to cash is withdrawable from its settlement date (a day-trade close
    // settles into its line, not cash)
    if (!pos.day_trade)
      await recordSaleProceeds(tx, {
        userId: pos.user_id,
        market: mkt,
        positionId: pos.id,
        amount: pos.margin + s.gain - s.loss - s.sellFee - s.stampDuty,
        at: now,
      });
    const at = new Date(now);
    await exitsRepo.cancelOpenExits(tx, pos.id, at);
    // fund records are lines of the cash statement: a day-trade close moves none (its line settles once)
    await writeFundRecords(
      tx,
      (pos.day_trade ? [] : kinds).map((k, i) => ({
        userId: pos.user_id,
        currency: mkt,
        type: k.type,
        orderNo: pos.order_no,
        amount: k.amount,
        transferId: ts[i].id,
        stockName: inst.names.jp,
        stockCode: inst.symbol,
        memo: k.memo,
        at,
      })),
    );
    // a margin position's costs (interest, lending fee, 逆日歩), charged once now, after the close's lines
    const financing = (await t.margin?.settleOnClose(tx, pos, now, settings)) ?? 0n;
    const pnl = s.pnl - owed - financing;
    await repo.markClosed(tx, pos.id, {
      closePrice: price,
      sellFee: s.sellFee,
      stampDuty: pos.stamp_duty + s.stampDuty,
      pnl,
      reason,
      at,
    });
    // the realised gain's tax (withheld or refunded in a 源泉徴収あり account), after the close's own lines
    await t.tax?.onClose(tx, pos, {
      price,
      closeFees: s.sellFee + s.stampDuty,
      financing,
      now,
      settings,
      stockName: inst.names.jp,
    });
    return { price, pnl, shortfall: owed, financing };
  }

  /**
   * The user's close of a holding (or of one preparing to close); `mkt` (the call's `type`), when given,
   * must be the position's market. With `quantity` below the holding's, only that many shares are closed:
   * they are split off into a position of their own (its own order number, fund records and realised
   * P&L), and the holding keeps the rest with the margin and fees `splitPosition` leaves it.
   */
  async function sell(userId: bigint, id: bigint, key?: OperationKey, mkt?: Market, quantity?: bigint) {
    const settings = await loadSettings(db);
    const now = clock.now();
    return withTx(db, async (tx) => {
      let pos = await repo.lockPosition(tx, userId, id);
      if (!pos) return refuse('trade.orderNotFound');
      if (mkt && pos.market !== mkt) refuse('trade.marketMismatch', { symbol: pos.symbol });
      if (!canMovePosition(pos.status, POSITION_STATUS.closed)) refuse('trade.notHolding');
      if (quantity !== undefined && quantity !== pos.quantity) {
        if (quantity <= 0n || quantity > pos.quantity)
          refuse('trade.closeQuantity', { max: pos.quantity.toString() });
        if (pos.lent) refuse('trade.lentPartial');
        pos = await splitLocked(tx, pos, quantity, now);
      }
      const r = await closeLocked(tx, pos, 'user', now, settings);
      await keys.markApplied(tx, key);
      return { id: String(pos.id), price: r.price, pnl: r.pnl };
    });
  }

  /** Split `quantity` shares off a locked holding into a new holding (returned, to be closed). */
  async function splitLocked(tx: Tx, pos: PositionRow, quantity: bigint, now: number): Promise<PositionRow> {
    if (pos.open_price === null) throw new Error(`holding ${pos.id} without an open price`);
    const { part, rest } = splitPosition(
      pos.market as Market,
      {
        quantity: pos.quantity,
        openPrice: pos.open_price,
        leverage: pos.leverage,
        margin: pos.margin,
        buyFee: pos.buy_fee,
        stampDuty: pos.stamp_duty,
      },
      quantity,
    );
    const at = new Date(now);
    const n = await repo.countSplits(tx, pos.id);
    const split = await repo.splitPosition(tx, pos, `${pos.order_no}-${n + 1}`, part, rest, at);
    await t.margin?.onSplit(tx, pos.id, split.id, quantity, pos.quantity);
    return split;
  }

  /** Withdraw a locked pending order: void its held margin and fees, mark it cancelled. */
  async function withdrawLocked(tx: Tx, pos: PositionRow, reason: 'user' | 'expired', now: number) {
    movePosition(pos.status, POSITION_STATUS.cancelled);
    const reqs: TransferRequest[] = [];
    if (pos.hold_margin_transfer !== null) reqs.push({ type: 'void', pendingId: pos.hold_margin_transfer });
    if (pos.hold_fee_transfer !== null) reqs.push({ type: 'void', pendingId: pos.hold_fee_transfer });
    if (reqs.length) await transfer(tx, reqs);
    await repo.markCancelled(tx, pos.id, reason, new Date(now));
    await exitsRepo.cancelOpenExits(tx, pos.id, new Date(now));
  }

  async function cancel(userId: bigint, id: bigint, key?: OperationKey): Promise<void> {
    const now = clock.now();
    await withTx(db, async (tx) => {
      const pos = await repo.lockPosition(tx, userId, id);
      if (!pos) return refuse('trade.orderNotFound');
      if (!canMovePosition(pos.status, POSITION_STATUS.cancelled)) refuse('trade.notPending');
      await withdrawLocked(tx, pos, 'user', now);
      await keys.markApplied(tx, key);
    });
  }

  // ---------------------------------------------------------------- reading

  function view(p: PositionRow): PositionView {
    const inst = market.instrument(p.symbol);
    const open = isOpen(p.status);
    const price =
      open || p.status === POSITION_STATUS.pending ? (market.quote(p.symbol)?.price ?? null) : p.close_price;
    let pnl = 0n;
    if (p.status === POSITION_STATUS.closed) pnl = p.pnl ?? 0n;
    else if (open && price !== null) pnl = netPnl(openPositionOf(p), price);
    const margin = !p.day_trade && !isCashPosition(p) && p.open_price !== null;
    const termEnd = margin
      ? marginTermEnd(
          p.market as Market,
          localDate(p.market as Market, (p.filled_at ?? p.created_at).getTime()),
        )
      : null;
    const value = open && price !== null ? price * p.quantity : 0n;
    return { row: p, inst, price, pnl, value, financing: 0n, termEnd };
  }

  /** The views with their margin costs (one read for the lot). */
  async function withFinancing(views: PositionView[]): Promise<PositionView[]> {
    const margin = views.filter((v) => !v.row.day_trade && !isCashPosition(v.row));
    if (!t.margin || margin.length === 0) return views;
    const costs = await t.margin.financingOf(margin.map((v) => v.row));
    for (const v of views) v.financing = costs.get(v.row.id) ?? 0n;
    return views;
  }

  const list = async (userId: bigint, mkt: Market, statuses: readonly PositionStatus[]) =>
    withFinancing((await repo.listPositions(db, userId, mkt, statuses)).map(view));

  const openStatuses = [...OPEN_POSITION_STATUSES, POSITION_STATUS.pending];
  /** The open list every trading screen polls: calls that arrive together share one query (see batcher). */
  const openRows = batcher<{ userId: bigint; mkt: Market }, PositionRow[]>(
    async (items) => {
      const byMarket = new Map<Market, bigint[]>();
      for (const { userId, mkt } of items) byMarket.set(mkt, [...(byMarket.get(mkt) ?? []), userId]);
      const found = new Map<Market, Map<bigint, PositionRow[]>>();
      for (const [mkt, ids] of byMarket)
        found.set(mkt, await repo.listPositionsOfUsers(db, [...new Set(ids)], mkt, openStatuses));
      return items.map(({ userId, mkt }) => ({ ok: true, value: found.get(mkt)?.get(userId) ?? [] }));
    },
    { maxBatch: 200, maxInFlight: 2 },
  );

  /** Holding, preparing-to-close and pending positions, with their market value and floating P&L. */
  async function openPositions(userId: bigint, mkt: Market) {
    const positions = await withFinancing((await openRows({ userId, mkt })).map(view));
    let value = 0n;
    let pnl = 0n;
    for (const v of positions) {
      value += v.value;
      if (v.row.status !== POSITION_STATUS.pending) pnl += v.pnl;
    }
    return { positions, value, pnl };
  }

  /** Closed and cancelled positions, with their realised P&L. */
  async function closedPositions(userId: bigint, mkt: Market) {
    const positions = await list(userId, mkt, [POSITION_STATUS.closed, POSITION_STATUS.cancelled]);
    return { positions, pnl: positions.reduce((sum, v) => sum + v.pnl, 0n) };
  }

  async function position(userId: bigint, id: bigint): Promise<PositionView> {
    const p = await repo.getPosition(db, userId, id);
    if (!p) return refuse('trade.orderNotFound');
    return (await withFinancing([view(p)]))[0];
  }

  return {
    sell,
    cancel,
    closeLocked,
    splitLocked,
    withdrawLocked,
    openPositions,
    closedPositions,
    position,
  };
}

export type PositionsService = ReturnType<typeof positionsService>;
