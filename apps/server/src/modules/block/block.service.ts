import { createHash, randomBytes } from 'node:crypto';
import type { Tx, UserState } from '@kabuto/db';
import { isUniqueViolation, withTx } from '@kabuto/db';
import {
  afterMarketWindow,
  allocateProRata,
  BLOCK_LOT,
  BLOCK_SUBSCRIPTION_STATUS,
  decidedStatus,
  isBlockWindowOpen,
  localDate,
  type Market,
  minimumQuantity,
  moveBlockSubscription,
  POSITION_STATUS,
  seedBytes,
  type Units,
} from '@kabuto/domain';
import { type TransferRequest, userAccount } from '@kabuto/ledger';
import type { Instrument, MarketDataProvider } from '@kabuto/market';
import type { Deps } from '../../deps.ts';
import { hashPassword, verifyPassword } from '../../lib/crypto.ts';
import { refuse } from '../../lib/errors.ts';
import { plainAmount } from '../../shared/amounts.ts';
import { type Actor, audit } from '../../shared/audit.ts';
import { type FundRecordInput, writeFundRecords } from '../../shared/fund-records.ts';
import { transfer } from '../../shared/ledger.ts';
import { sendNotice } from '../../shared/notices.ts';
import { newOrderNo } from '../../shared/order-no.ts';
import { loadSettings } from '../../shared/settings.ts';
import * as repo from './block.repo.ts';

/** A request's idempotency key as the route passes it in (marked applied in the subscription's transaction). */
export interface OperationKey {
  userId: bigint;
  path: string;
  key: string;
}

/** The subscriber, as authentication read it this request (passed in by the route). */
export interface Subscriber {
  id: bigint;
  state: UserState;
  hasFundPassword: boolean;
}

/** A position an allocation opens: a leverage-1 long at the block price, already filled. */
export interface AllocatedPosition {
  user_id: bigint;
  order_no: string;
  market: string;
  symbol: string;
  direction: 1;
  order_type: 1;
  leverage: 1;
  quantity: bigint;
  limit_price: null;
  open_price: bigint;
  margin: bigint;
  buy_fee: bigint;
  stamp_duty: bigint;
  status: typeof POSITION_STATUS.holding;
  hold_margin_transfer: null;
  hold_fee_transfer: null;
  source: 'block';
  created_at: Date;
  filled_at: Date;
  updated_at: Date;
}

/** What the block service is built from (app.ts wires the trading module's position insert in). */
export interface BlockDeps extends Deps {
  market: MarketDataProvider;
  keys: { markApplied(tx: Tx, key: OperationKey | undefined): Promise<void> };
  insertPositions(tx: Tx, rows: readonly AllocatedPosition[]): Promise<{ id: bigint; order_no: string }[]>;
}

export interface SubscribeInput {
  offeringId: bigint;
  quantity: bigint;
  password?: string;
}

export interface OfferingInput {
  symbol: string;
  price: Units;
  shares: bigint;
  password?: string | null;
  start: Date;
  end: Date;
}

/** The allocation's seed: 32 random bytes, hex; the commitment is the SHA-256 of those bytes, hex. */
export function newSeed(): { seed: string; commitment: string } {
  const seed = randomBytes(32).toString('hex');
  return { seed, commitment: commitmentOf(seed) };
}
export const commitmentOf = (seed: string): string =>
  createHash('sha256').update(seedBytes(seed)).digest('hex');

/** One decided subscription of an allocation. */
export interface AllocationLine {
  id: string;
  user_id: string;
  quantity: string;
  allocated: string;
  status: number;
}

/**
 * Block trades: an operator lists an offering (fixed price, shares, optional password, window); users
 * subscribe with the money held by a pending transfer cash → margin in the subscription's transaction;
 * at the window's close the shares are allocated pro rata in lots of 100 with a seeded draw for the
 * remainder (`allocateProRata`), the allocated part of each hold is posted and becomes a leverage-1
 * position at the block price (source `block`), and the rest of the hold is released.
 */
export function blockService(d: BlockDeps) {
  const { db, clock, market, keys } = d;

  function stockOf(symbol: string): Instrument {
    const inst = market.instrument(symbol);
    if (!inst) return refuse('trade.unknownSymbol');
    if (inst.kind !== 'stock') refuse('trade.cannotBuy');
    return inst;
  }

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
    if (!open(found)) refuse('block.closed');
    if (found.password_hash !== null) {
      if (!input.password || !(await verifyPassword(found.password_hash, input.password)))
        refuse('block.wrongPassword');
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
        const [hold] = await transfer(tx, [
          {
            type: 'pending',
            debitAccountId: cash.id,
            creditAccountId: margin.id,
            amount,
            currency: mkt,
            code: 'margin_hold',
            operationRef: `block:${orderNo}`,
          },
        ]);
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
   * The after-market list: the market's listed stocks with their last price (the day's close once the
   * session has closed) and the day's after-market window (null on a day the exchange does not trade).
   */
  async function afterMarketList(mkt: Market) {
    const now = clock.now();
    const hours = (await loadSettings(db)).after_market_hours;
    const window = afterMarketWindow(mkt, now, hours);
    const min = minimumQuantity(mkt, localDate(mkt, now));
    const stocks = market.instruments(mkt).filter((i) => i.kind === 'stock');
    const quotes = new Map(market.quotes(stocks.map((i) => i.symbol)).map((q) => [q.symbol, q]));
    return {
      window,
      open: window !== null && window.start <= now && now < window.end,
      min,
      rows: stocks.flatMap((inst) => {
        const q = quotes.get(inst.symbol);
        return q && q.price > 0n ? [{ inst, quote: q }] : [];
      }),
    };
  }

  async function subscriptions(userId: bigint, mkt: Market) {
    const rows = await repo.userSubscriptions(db, userId, mkt);
    return rows.map((s) => ({ subscription: s, inst: market.instrument(s.symbol) }));
  }

  /**
   * Allocate an offering (the job once its window has closed; an operator may run it earlier, which
   * closes the window now). Every pending subscription is decided in one transaction.
   */
  async function allocate(offeringId: bigint, actor: Actor | null) {
    const now = clock.now();
    const at = new Date(now);
    return withTx(db, async (tx) => {
      const o = await repo.lockOffering(tx, offeringId);
      if (!o) return refuse('block.notFound');
      if (o.status !== repo.OFFERING_STATUS.open) return refuse('block.closed');
      if (actor === null && o.end_at.getTime() > now) return refuse('block.notOpen');
      if (o.end_at.getTime() > now) {
        await repo.updateOffering(tx, o.id, { end_at: at, updated_at: at });
      }
      const inst = stockOf(o.symbol);
      const lines = await decide(tx, o, inst, at);
      const allocated = lines.reduce((s, l) => s + BigInt(l.allocated), 0n);
      await repo.markAllocated(tx, o.id, allocated, at);
      if (actor) {
        await audit(
          tx,
          actor,
          {
            action: 'block.allocate',
            target: `block_offering:${o.id}`,
            detail: { seed: o.seed, commitment: o.commitment, allocated, subscriptions: lines.length },
          },
          at,
        );
      }
      return {
        id: String(o.id),
        seed: o.seed,
        commitment: o.commitment,
        allocated: String(allocated),
        lines,
      };
    });
  }

  async function decide(tx: Tx, o: repo.OfferingRow, inst: Instrument, at: Date): Promise<AllocationLine[]> {
    const subs = await repo.pendingSubscriptions(tx, o.id);
    if (subs.length === 0) return [];
    const result = allocateProRata(
      o.seed,
      subs.map((s) => ({ id: s.id, lots: s.quantity / BLOCK_LOT })),
      o.shares / BLOCK_LOT,
    );
    const lotsOf = new Map(result.map((r) => [r.id, r.lots]));
    const decided = subs.map((s) => {
      const allocated = (lotsOf.get(s.id) ?? 0n) * BLOCK_LOT;
      return { s, allocated, status: moveBlockSubscription(s.status, decidedStatus(allocated)) };
    });
    const reqs: TransferRequest[] = decided.map(({ s, allocated }) =>
      allocated > 0n
        ? {
            type: 'post',
            pendingId: s.hold_transfer,
            amount: s.price * allocated,
            operationRef: `block:${s.order_no}`,
          }
        : { type: 'void', pendingId: s.hold_transfer, operationRef: `block:${s.order_no}` },
    );
    const ts = await transfer(tx, reqs);
    const won = decided.filter((x) => x.allocated > 0n);
    const positions: AllocatedPosition[] = won.map(({ s, allocated }) => ({
      user_id: s.user_id,
      order_no: s.order_no,
      market: inst.market,
      symbol: inst.symbol,
      direction: 1,
      order_type: 1,
      leverage: 1,
      quantity: allocated,
      limit_price: null,
      open_price: s.price,
      margin: s.price * allocated,
      buy_fee: 0n,
      stamp_duty: 0n,
      status: POSITION_STATUS.holding,
      hold_margin_transfer: null,
      hold_fee_transfer: null,
      source: 'block',
      created_at: at,
      filled_at: at,
      updated_at: at,
    }));
    const ids = new Map(
      (positions.length > 0 ? await d.insertPositions(tx, positions) : []).map((r) => [r.order_no, r.id]),
    );
    const records: FundRecordInput[] = [];
    decided.forEach(({ s, allocated }, i) => {
      if (allocated > 0n)
        records.push({
          userId: s.user_id,
          currency: inst.market,
          type: 'stock_buy',
          orderNo: s.order_no,
          amount: -(s.price * allocated),
          transferId: ts[i].id,
          stockName: inst.names.jp,
          stockCode: inst.symbol,
          memo: 'block trade',
          at,
        });
    });
    await writeFundRecords(tx, records);
    for (const { s, allocated, status } of decided) {
      await repo.decideSubscription(tx, s.id, {
        status,
        allocated,
        position_id: ids.get(s.order_no) ?? null,
        decided_at: at,
      });
      const params = {
        order: s.order_no,
        code: inst.symbol,
        name: inst.names.jp,
        applied: s.quantity.toString(),
        allocated: allocated.toString(),
        price: plainAmount(s.price),
        refund: plainAmount(s.amount - s.price * allocated),
      };
      await sendNotice(
        tx,
        at,
        s.user_id,
        status === BLOCK_SUBSCRIPTION_STATUS.allocated ? 'blockAllocated' : 'blockRefunded',
        params,
      );
    }
    return decided.map(({ s, allocated, status }) => ({
      id: String(s.id),
      user_id: String(s.user_id),
      quantity: s.quantity.toString(),
      allocated: allocated.toString(),
      status,
    }));
  }

  /** The leader's job: allocate every open offering whose window has closed. */
  async function allocateDue(log?: (err: unknown) => void): Promise<{ allocated: number }> {
    const due = await repo.dueOfferings(db, new Date(clock.now()));
    let allocated = 0;
    for (const { id } of due) {
      try {
        await allocate(id, null);
        allocated++;
      } catch (err) {
        log?.(err);
      }
    }
    return { allocated };
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
    allocate,
    allocateDue,
    create,
    edit,
    cancel,
    offerings: (f: { status?: number; page: number; size: number }) => repo.listOfferings(db, f),
    subscriptionsFor: (f: Parameters<typeof repo.listSubscriptions>[1]) => repo.listSubscriptions(db, f),
  };
}

export type BlockService = ReturnType<typeof blockService>;
