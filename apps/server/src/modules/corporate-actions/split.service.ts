import type { Tx } from '@kabuto/db';
import {
  type Market,
  type SplitRatio,
  splitHolding,
  splitOrderPrice,
  splitOrderQuantity,
  type Units,
} from '@kabuto/domain';
import type { TransferRequest } from '@kabuto/ledger';
import { type AccountSpec, lockAccountSet, shardFor, type UserAccountKind } from '@kabuto/ledger';
import type { MarketDataProvider } from '@kabuto/market';
import { type FundRecordInput, writeFundRecords } from '../../shared/fund-records.ts';
import { transferMany } from '../../shared/ledger.ts';
import * as repo from './corporate-actions.repo.ts';

export type PositionRow = Awaited<ReturnType<typeof repo.lockPositions>>[number];

/** Open positions and orders a corporate action adjusts (0 holding, 2 lent). */
export const HOLDING = [0, 2];

/**
 * The accounts a batch's transfers touch, locked at once (id order, one statement) and only those: each
 * user's accounts of the kinds asked, and the platform's side of the user's shard — the counterparty
 * and, for a payment, the `tax_withheld` account. The ledger locks them again when it posts (already
 * held: no new lock, no deadlock); a balance read here (a short's cash) stays as read until the end.
 */
export async function accountsFor(
  tx: Tx,
  currency: Market,
  wants: readonly { user: bigint; kinds: readonly UserAccountKind[] }[],
  o: { taxWithheld?: boolean } = {},
) {
  const specs: AccountSpec[] = [];
  for (const { user, kinds } of wants) {
    for (const kind of kinds) specs.push({ owner: user, currency, kind });
    specs.push({ owner: null, currency, kind: 'counterparty', shard: shardFor(user) });
    if (o.taxWithheld) specs.push({ owner: null, currency, kind: 'tax_withheld', shard: shardFor(user) });
  }
  const { get: acc, byId } = await lockAccountSet(tx, specs);
  return {
    /** Every account locked, by id, as read (for the ledger: `transferMany`). */
    locked: byId,
    cash: (u: bigint) => acc({ owner: u, currency, kind: 'cash' }),
    margin: (u: bigint) => acc({ owner: u, currency, kind: 'margin' }),
    dividend: (u: bigint) => acc({ owner: u, currency, kind: 'dividend' }),
    counterparty: (u: bigint) => acc({ owner: null, currency, kind: 'counterparty', shard: shardFor(u) }),
    taxWithheld: (u: bigint) => acc({ owner: null, currency, kind: 'tax_withheld', shard: shardFor(u) }),
  };
}

/** Copy-trade constituents of a split symbol: quantity × ratio (once, when the pass ends). */
export async function splitConstituents(tx: Tx, a: repo.ActionRow): Promise<void> {
  for (const c of await repo.lockConstituents(tx, a.symbol, a.ex_date))
    await repo.setConstituentQty(tx, c.product_id, c.symbol, (c.qty * a.ratio_num) / a.ratio_den);
}

/**
 * The split side of one batch of a symbol's positions, in the batch's transaction (positions, their
 * pending and exit orders, their loans, the fractions).
 */
export function splitApplier(market: MarketDataProvider) {
  const nameOf = (symbol: string) => market.instrument(symbol)?.names.jp ?? symbol;
  return async function applySplit(
    tx: Tx,
    a: repo.ActionRow,
    positions: PositionRow[],
    at: Date,
  ): Promise<number> {
    const mkt = a.market as Market;
    const r: SplitRatio = { num: a.ratio_num, den: a.ratio_den };
    const base = a.base ?? 0n;
    const inst = market.instrument(a.symbol);
    const tick = inst?.tickTable;
    const changes: repo.PositionChange[] = [];
    const fractions: { p: PositionRow; o: ReturnType<typeof splitHolding> }[] = [];
    for (const p of positions) {
      if (p.status === 3) {
        // a pending order: quantity × ratio, its limit price ÷ ratio on the tick, never more aggressive
        const price =
          p.limit_price === null || !tick
            ? p.limit_price
            : splitOrderPrice(p.limit_price, r, p.direction === 1 ? 'buy' : 'sell', tick, a.ex_date);
        const quantity = splitOrderQuantity(p.quantity, r);
        changes.push({
          id: p.id,
          quantity: quantity > 0n ? quantity : 1n,
          open_price: p.open_price,
          limit_price: price,
          margin: p.margin,
        });
        continue;
      }
      if (p.open_price === null) continue;
      const o = splitHolding(
        { quantity: p.quantity, openPrice: p.open_price, margin: p.margin, direction: p.direction },
        r,
        base,
        mkt,
      );
      if (o.fractionNum !== 0n) fractions.push({ p, o });
      if (o.quantity > 0n)
        changes.push({
          id: p.id,
          quantity: o.quantity,
          open_price: o.openPrice,
          limit_price: p.limit_price,
          margin: o.margin,
        });
    }
    await repo.updatePositions(tx, changes, at);

    // exit orders of the holdings: quantities × ratio, prices ÷ ratio on the tick
    const exits = await repo.lockExitOrders(
      tx,
      positions.filter((p) => HOLDING.includes(p.status)).map((p) => p.id),
    );
    const onTick = (v: bigint | null, side: 'buy' | 'sell' | 'nearest') =>
      v === null || !tick ? v : splitOrderPrice(v, r, side, tick, a.ex_date);
    await repo.updateExitOrders(
      tx,
      exits.map((e) => ({
        id: e.id,
        quantity: e.quantity === null ? null : splitOrderQuantity(e.quantity, r) || 1n,
        // a long's exit sells, a short's buys to cover
        limit_price: onTick(e.limit_price, e.side === 1 ? 'sell' : 'buy'),
        stop_price: onTick(e.stop_price, 'nearest'),
        trail_amount: onTick(e.trail_amount, 'nearest'),
        extreme: onTick(e.extreme, 'nearest'),
      })),
      at,
    );
    await repo.splitLoans(
      tx,
      positions.filter((p) => p.lent).map((p) => p.id),
      r.num,
      r.den,
      at,
    );

    // fractions of a share: the margin released and the P&L settled at the base price, in cash
    if (fractions.length > 0) {
      const acc = await accountsFor(
        tx,
        mkt,
        fractions.map(({ p, o }) => ({
          user: p.user_id,
          kinds: [
            ...(o.fractionMargin > 0n ? (['margin'] as const) : []),
            ...(o.fractionCash !== 0n ? (['cash'] as const) : []),
          ],
        })),
      );
      const requests: TransferRequest[] = [];
      const meta: { p: PositionRow; o: (typeof fractions)[number]['o']; cash: Units }[] = [];
      for (const { p, o } of fractions) {
        const u = p.user_id;
        const cp = acc.counterparty(u);
        const ref = `corporate_action:${a.id}:${p.id}`;
        if (o.fractionMargin > 0n)
          requests.push({
            type: 'single',
            debitAccountId: acc.margin(u).id,
            creditAccountId: cp.id,
            amount: o.fractionMargin,
            currency: mkt,
            code: 'split',
            operationRef: ref,
          });
        let cash = o.fractionCash;
        if (cash < 0n) {
          const c = acc.cash(u);
          const left = c.creditsPosted - c.debitsPosted - c.debitsPending;
          cash = -(left < -cash ? (left > 0n ? left : 0n) : -cash);
        }
        if (cash > 0n)
          requests.push({
            type: 'single',
            debitAccountId: cp.id,
            creditAccountId: acc.cash(u).id,
            amount: cash,
            currency: mkt,
            code: 'split',
            operationRef: ref,
          });
        if (cash < 0n)
          requests.push({
            type: 'single',
            debitAccountId: acc.cash(u).id,
            creditAccountId: cp.id,
            amount: -cash,
            currency: mkt,
            code: 'split',
            operationRef: ref,
          });
        meta.push({ p, o, cash });
      }
      const done = await transferMany(tx, requests, acc.locked);
      const records: FundRecordInput[] = [];
      let k = 0;
      for (const { p, o, cash } of meta) {
        if (o.fractionMargin > 0n) k++;
        if (cash !== 0n)
          records.push({
            userId: p.user_id,
            currency: mkt,
            // a long's fraction is sold for cash; a short's is bought in and settled
            type: p.direction === 1 ? 'fractional_cash' : 'split_adjustment',
            orderNo: p.order_no,
            amount: cash,
            transferId: done[k++].id,
            ref: `corporate_action:${a.id}`,
            stockName: nameOf(p.symbol),
            stockCode: p.symbol,
            memo: `${a.ratio_num}:${a.ratio_den}`,
            at,
          });
        if (o.quantity === 0n) await repo.closeForFraction(tx, p.id, base, cash - o.fractionMargin, at);
      }
      await writeFundRecords(tx, records);
    }
    return positions.length;
  };
}
