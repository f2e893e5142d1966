import type { Db } from '@kabuto/db';
import { withTx } from '@kabuto/db';
import {
  checkOrderPrice,
  checkQuantity,
  type Direction,
  isContinuousTrading,
  localDate,
  minimumQuantity,
  POSITION_STATUS,
  positionMargin,
  tickSize,
  type Units,
} from '@kabuto/domain';
import { ledgerAccounts, shardFor, type TransferRequest } from '@kabuto/ledger';
import { refuse } from '../../lib/errors.ts';
import { plainAmount } from '../../shared/amounts.ts';
import { transfer } from '../../shared/ledger.ts';
import { configuredLegFees, loadSettings } from '../../shared/settings.ts';
import * as exitsRepo from './exits.repo.ts';
import { fillService } from './fills.service.ts';
import { marketHoldPrice } from './orders.service.ts';
import { instrumentOf, type OperationKey, type TradingDeps } from './trading.deps.ts';
import * as repo from './trading.repo.ts';

/** What a user changes on a pending order (訂正): its limit price, its quantity, or both. */
export interface Amendment {
  limitPrice?: Units;
  quantity?: bigint;
}

/**
 * Amending a pending order (訂正): its limit price or quantity, checked as a new order's are (the tick
 * of the price's band, the day's limits, the minimum quantity). One transaction: the order's row locked,
 * its held margin and fees voided and held again for the new price and quantity (a hold the cash cannot
 * cover is refused, and nothing changes), the row rewritten. A limit amended to a marketable price in
 * continuous trading fills at once at the market price, as a new marketable limit does. A market order's
 * price is not amendable (it has none); an order locked at a daily limit or into NISA is cancelled and
 * placed again instead.
 */
export function amendService(t: TradingDeps) {
  const { db, clock, market, venue, keys } = t;
  const { fillLocked } = fillService(t);

  async function amend(userId: bigint, id: bigint, change: Amendment, key?: OperationKey): Promise<void> {
    const now = clock.now();
    const settings = await loadSettings(db);
    await withTx(db, async (tx) => {
      const pos = await repo.lockPosition(tx, userId, id);
      if (!pos) return refuse('trade.orderNotFound');
      if (pos.status !== POSITION_STATUS.pending || pos.hold_margin_transfer === null)
        refuse('trade.notAmendable');
      if (pos.locked || pos.nisa || pos.day_trade) refuse('trade.notAmendable');
      if (change.limitPrice !== undefined && pos.order_type !== 2) refuse('trade.amendMarketPrice');
      const limit = change.limitPrice ?? pos.limit_price;
      const quantity = change.quantity ?? pos.quantity;
      if (limit === pos.limit_price && quantity === pos.quantity) refuse('trade.amendNothing');
      const inst = instrumentOf(market, pos.symbol);
      const mkt = inst.market;
      const day = localDate(mkt, now);
      if (checkQuantity(mkt, quantity, day) !== 'ok')
        refuse('trade.belowMinimumQuantity', { min: minimumQuantity(mkt, day).toString() });
      const q = market.quote(inst.symbol);
      if (!q || q.price <= 0n) return refuse('trade.priceUnavailable');
      if (change.limitPrice !== undefined) {
        const limits =
          q.limitUp !== null && q.limitDown !== null ? { up: q.limitUp, down: q.limitDown } : null;
        const check = checkOrderPrice(inst, change.limitPrice, limits, q.tradingDay);
        if (check === 'offTick' || check === 'nonPositive')
          refuse('trade.offTick', {
            tick: plainAmount(tickSize(inst.tickTable, change.limitPrice, q.tradingDay)),
          });
        if (check === 'beyondLimit' && limits)
          refuse('trade.beyondLimit', { up: plainAmount(limits.up), down: plainAmount(limits.down) });
      }
      // an exit waiting for this order may not close more than the order will hold
      const exits = await exitsRepo.exitsOfPosition(tx, pos.id);
      for (const e of exits)
        if (e.quantity !== null && e.quantity > quantity)
          refuse('trade.amendBelowExit', { shares: e.quantity.toString() });

      // the hold again: at the limit, or a market order's at its last price plus half
      const price = limit ?? marketHoldPrice(q.price);
      const margin = positionMargin(mkt, price, quantity, pos.leverage);
      const fees = configuredLegFees(settings, mkt, pos.direction as Direction, 'open', price, quantity, now);
      const charge = fees.fee + fees.stampDuty;
      const [cash, marginAcc, feesAcc] = await ledgerAccounts(tx as unknown as Db, [
        { owner: pos.user_id, currency: mkt, kind: 'cash' },
        { owner: pos.user_id, currency: mkt, kind: 'margin' },
        { owner: null, currency: mkt, kind: 'fees', shard: shardFor(pos.user_id) },
      ]);
      const ref = `position:${pos.order_no}`;
      const reqs: TransferRequest[] = [{ type: 'void', pendingId: pos.hold_margin_transfer as bigint }];
      if (pos.hold_fee_transfer !== null) reqs.push({ type: 'void', pendingId: pos.hold_fee_transfer });
      const hold = (credit: bigint, amount: Units, code: 'margin_hold' | 'fee'): TransferRequest => ({
        type: 'pending',
        debitAccountId: cash.id,
        creditAccountId: credit,
        amount,
        currency: mkt,
        code,
        operationRef: ref,
      });
      reqs.push(hold(marginAcc.id, margin, 'margin_hold'));
      if (charge > 0n) reqs.push(hold(feesAcc.id, charge, 'fee'));
      const held = (await transfer(tx, reqs)).slice(reqs.length - (charge > 0n ? 2 : 1));
      const at = new Date(now);
      const amended = await repo.amendPending(tx, pos.id, {
        quantity,
        limitPrice: limit,
        margin,
        fee: fees.fee,
        stampDuty: fees.stampDuty,
        holdMargin: held[0].id,
        holdFee: held[1]?.id ?? null,
        at,
      });
      // a limit now marketable in continuous trading fills at the market price, as a new one would
      if (limit !== null && pos.timing === 'any' && isContinuousTrading(mkt, now)) {
        const fill = venue.marketableFill(inst.symbol, pos.direction as Direction, limit, now);
        if (fill !== null) await fillLocked(tx, amended, fill, now, settings);
      }
      await keys.markApplied(tx, key);
    });
  }

  return { amend };
}

export type AmendService = ReturnType<typeof amendService>;
