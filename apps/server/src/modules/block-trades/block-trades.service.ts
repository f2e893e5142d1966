import { isUniqueViolation, withTx } from '@kabuto/db';
import {
  BLOCK_LOT,
  BLOCK_SUBSCRIPTION_STATUS,
  isBlockWindowOpen,
  type Market,
  moveBlockSubscription,
} from '@kabuto/domain';
import { userAccount } from '@kabuto/ledger';
import { hashPassword, verifyPassword } from '../../lib/crypto.ts';
import { refuse } from '../../lib/errors.ts';
import { plainAmount } from '../../shared/amounts.ts';
import { type AttemptLimit, attemptCounter } from '../../shared/attempts.ts';
import { type Actor, audit } from '../../shared/audit.ts';
import { newSeed, sha256Hex } from '../../shared/commitment.ts';
import { holdMoney, transfer } from '../../shared/ledger.ts';
import { sendNotice } from '../../shared/notices.ts';
import { newOrderNo } from '../../shared/order-no.ts';
import { afterMarketService } from './after-market.service.ts';
import { allocationService } from './allocation.service.ts';
import {
  type BlockTradesDeps,
  type OfferingInput,
  type OperationKey,
  type SubscribeInput,
  type Subscriber,
  stockOf as stockIn,
} from './block-trades.deps.ts';
import * as repo from './block-trades.repo.ts';

export type {
  AllocatedPosition,
  AllocationLine,
  BlockTradesDeps,
  OfferingInput,
  OperationKey,
  SubscribeInput,
  Subscriber,
} from './block-trades.deps.ts';

/** Wrong passwords of one user for one private offering: 5 in 15 minutes, like the fund password's lock. */
export const BLOCK_PASSWORD: AttemptLimit = { max: 5, windowMs: 15 * 60_000 };

/**
 * Block trades: an operator lists an offering (fixed price, shares, optional password, window); users
 * subscribe with the money held by a pending transfer cash → margin in the subscription's transaction;
 * at the window's close `allocation.service.ts` allocates the shares. This file holds what a user meets
 * (the offerings, subscribing, the records) and the back office's create, edit and cancel; the
 * after-market list is `after-market.service.ts`. The returned object is the whole block service.
 */
export function blockTradesService(d: BlockTradesDeps) {
  const { db, clock, market, keys } = d;
  const stockOf = (symbol: string) => stockIn(market, symbol);
  const { allocate, allocateDue } = allocationService(d);
  const { afterMarketList } = afterMarketService(d);
  const attempts = attemptCounter(db, d.timers);

  /** The open and upcoming offerings of a market (the user's list). */
  async function openOfferings(mkt: Market) {
    const rows = await repo.openOfferings(db, mkt, new Date(clock.now()));
    return rows.flatMap((o) => {
      const inst = market.instrument(o.symbol);
      return inst ? [{ offering: o, inst }] : [];
    });
  }

  async function subscribe(user: Subscriber, input: SubscribeInput, key?: OperationKey) {
    if (input.quantity < BLOCK_LOT || input.quantity % BLOCK_LOT !== 0n)
      refuse('block.belowMinimum', { min: BLOCK_LOT.toString() });
    if (!user.hasFundPassword) refuse('account.fundPasswordNotSet');
    if (user.state === 'restricted') refuse('account.restricted');
    const found = await repo.getOffering(db, input.offeringId);
    if (!found) return refuse('block.notFound');
    const now = clock.now();
    const open = (o: repo.OfferingRow) =>
      o.status === repo.OFFERING_STATUS.open &&
      isBlockWindowOpen(o.start_at.getTime(), o.end_at.getTime(), now);
    if (found.status === repo.OFFERING_STATUS.open && now < found.start_at.getTime())
      refuse('block.notStarted');
    if (!open(found)) refuse('block.closed');
    if (found.password_hash !== null) {
      // Guessed no faster than the fund password: each try is counted (one atomic upsert) before the
      // password is checked, per user and offering; past BLOCK_PASSWORD.max in the window, refused unchecked.
      const key = `block:pw:${user.id}:${found.id}`;
      if (!(await attempts.take(key, BLOCK_PASSWORD))) refuse('block.passwordLocked');
      if (!input.password || !(await verifyPassword(found.password_hash, input.password)))
        refuse('block.wrongPassword');
      await attempts.clear(key);
    }
    if (await repo.hasSubscribed(db, found.id, user.id)) refuse('block.alreadySubscribed');
    const inst = stockOf(found.symbol);
    const mkt = inst.market;
    const amount = found.price * input.quantity;
    const orderNo = newOrderNo('B', now);
    try {
      return await withTx(db, async (tx) => {
        const o = await repo.lockOffering(tx, found.id);
        if (!o || !open(o)) return refuse('block.closed');
        const cash = await userAccount(tx, user.id, mkt, 'cash');
        const margin = await userAccount(tx, user.id, mkt, 'margin');
        const hold = await holdMoney(tx, {
          from: cash.id,
          to: margin.id,
          amount,
          currency: mkt,
          code: 'margin_hold',
          ref: `block:${orderNo}`,
        });
        const row = await repo.insertSubscription(tx, {
          offering_id: o.id,
          user_id: user.id,
          order_no: orderNo,
          quantity: input.quantity,
          price: o.price,
          amount,
          hold_transfer: hold.id,
          created_at: new Date(now),
        });
        await repo.addSubscribed(tx, o.id, input.quantity);
        await keys.markApplied(tx, key);
        return { id: String(row.id), order_no: row.order_no, status: row.status };
      });
    } catch (err) {
      if (isUniqueViolation(err)) refuse('block.alreadySubscribed');
      throw err;
    }
  }

  /**
   * The recorded allocation of an offering, with its inputs, for anyone to recompute: the revealed seed,
   * the subscriptions in id order (lots asked) and the lots each was allocated.
   */
  async function drawProof(id: bigint, mkt: Market) {
    const o = await repo.getOffering(db, id);
    if (!o || o.market !== mkt) return refuse('block.notFound');
    if (o.status !== repo.OFFERING_STATUS.allocated) return refuse('block.notAllocated');
    const subs = await repo.decidedSubscriptions(db, id);
    return {
      offering: o,
      lots: o.shares / BLOCK_LOT,
      entries: subs.map((s) => ({ id: s.id, ref: sha256Hex(s.order_no), lots: s.quantity / BLOCK_LOT })),
      results: subs.map((s) => ({ id: s.id, lots: s.allocated / BLOCK_LOT })),
    };
  }

  async function subscriptions(userId: bigint, mkt: Market) {
    const rows = await repo.userSubscriptions(db, userId, mkt);
    return rows.map((s) => ({ subscription: s, inst: market.instrument(s.symbol) }));
  }

  // ---------------------------------------------------------------- back office

  async function create(actor: Actor, input: OfferingInput) {
    const inst = stockOf(input.symbol);
    checkOffering(input);
    const { seed, commitment } = newSeed();
    const at = new Date(clock.now());
    const password_hash = input.password ? await hashPassword(input.password, d.hashCost) : null;
    return withTx(db, async (tx) => {
      const row = await repo.insertOffering(tx, {
        market: inst.market,
        symbol: inst.symbol,
        price: input.price,
        shares: input.shares,
        password_hash,
        start_at: input.start,
        end_at: input.end,
        seed,
        commitment,
        created_at: at,
        updated_at: at,
      });
      await audit(
        tx,
        actor,
        {
          action: 'block.create',
          target: `block_offering:${row.id}`,
          detail: {
            symbol: inst.symbol,
            price: plainAmount(input.price),
            shares: input.shares,
            password: password_hash !== null,
            start: input.start.toISOString(),
            end: input.end.toISOString(),
            commitment,
          },
        },
        at,
      );
      return row;
    });
  }

  function checkOffering(input: Pick<OfferingInput, 'shares' | 'start' | 'end'>) {
    if (input.shares < BLOCK_LOT || input.shares % BLOCK_LOT !== 0n)
      refuse('block.belowMinimum', { min: BLOCK_LOT.toString() });
    if (input.end.getTime() <= input.start.getTime()) refuse('validation.invalid', { field: 'end' });
  }

  /** Edit an open offering's price, shares, password or window; not once anyone has subscribed. */
  async function edit(actor: Actor, id: bigint, input: Omit<OfferingInput, 'symbol'>) {
    checkOffering(input);
    const at = new Date(clock.now());
    const password_hash =
      input.password === undefined
        ? undefined
        : input.password
          ? await hashPassword(input.password, d.hashCost)
          : null;
    return withTx(db, async (tx) => {
      const o = await repo.lockOffering(tx, id);
      if (!o) return refuse('block.notFound');
      if (o.status !== repo.OFFERING_STATUS.open || o.subscribed > 0n) return refuse('block.closed');
      const row = await repo.updateOffering(tx, id, {
        price: input.price,
        shares: input.shares,
        start_at: input.start,
        end_at: input.end,
        ...(password_hash === undefined ? {} : { password_hash }),
        updated_at: at,
      });
      await audit(
        tx,
        actor,
        {
          action: 'block.edit',
          target: `block_offering:${id}`,
          detail: {
            price: plainAmount(input.price),
            shares: input.shares,
            password: password_hash === undefined ? 'unchanged' : password_hash !== null,
            start: input.start.toISOString(),
            end: input.end.toISOString(),
          },
        },
        at,
      );
      return row!;
    });
  }

  /** Cancel an open offering: every hold is released (refunded), and the subscribers are told. */
  async function cancel(actor: Actor, id: bigint, reason: string) {
    const at = new Date(clock.now());
    return withTx(db, async (tx) => {
      const o = await repo.lockOffering(tx, id);
      if (!o) return refuse('block.notFound');
      if (o.status !== repo.OFFERING_STATUS.open) return refuse('block.closed');
      const subs = await repo.pendingSubscriptions(tx, id);
      if (subs.length > 0)
        await transfer(
          tx,
          subs.map((s) => ({
            type: 'void' as const,
            pendingId: s.hold_transfer,
            operationRef: `block:${s.order_no}`,
          })),
        );
      const inst = market.instrument(o.symbol);
      for (const s of subs) {
        await repo.decideSubscription(tx, s.id, {
          status: moveBlockSubscription(s.status, BLOCK_SUBSCRIPTION_STATUS.refunded),
          allocated: 0n,
          position_id: null,
          decided_at: at,
        });
        await sendNotice(tx, at, s.user_id, 'blockRefunded', {
          order: s.order_no,
          code: o.symbol,
          name: inst?.names.jp ?? o.symbol,
          applied: s.quantity.toString(),
          allocated: '0',
          price: plainAmount(s.price),
          refund: plainAmount(s.amount),
        });
      }
      await repo.updateOffering(tx, id, { status: repo.OFFERING_STATUS.cancelled, updated_at: at });
      await audit(
        tx,
        actor,
        { action: 'block.cancel', target: `block_offering:${id}`, reason, detail: { refunded: subs.length } },
        at,
      );
    });
  }

  return {
    openOfferings,
    afterMarketList,
    subscribe,
    subscriptions,
    drawProof,
    allocate,
    allocateDue,
    create,
    edit,
    cancel,
    offerings: (f: { status?: number; page: number; size: number }) => repo.listOfferings(db, f),
    subscriptionsFor: (f: Parameters<typeof repo.listSubscriptions>[1]) => repo.listSubscriptions(db, f),
  };
}

export type BlockTradesService = ReturnType<typeof blockTradesService>;
