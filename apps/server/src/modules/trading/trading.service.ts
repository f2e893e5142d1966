import type { Db, Tx } from '@kabuto/db';
import { rowSet, withTx } from '@kabuto/db';
import {
  acceptsOrders,
  canSell,
  checkOrderPrice,
  checkQuantity,
  formatUnits,
  isContinuousTrading,
  localDate,
  type Market,
  MINOR_UNIT,
  minimumQuantity,
  roundTo,
  tickSize,
  toUnixSeconds,
  type Units,
} from '@kabuto/domain';
import {
  type AccountSpec,
  accountSpecKey,
  availableBalance,
  createTransferGroups,
  ledgerAccounts,
  shardFor,
  type Transfer,
  type TransferRequest,
} from '@kabuto/ledger';
import type { Instrument, Lang, MarketDataProvider } from '@kabuto/market';
import { sql } from 'kysely';
import type { Deps } from '../../deps.ts';
import { batcher, type Outcome } from '../../lib/batcher.ts';
import { refuse } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { appliedKeys, type IdempotencyState, markApplied } from '../../plugins/idempotency.ts';
import { nameOf } from '../../shared/market-data.ts';
import {
  type FundRecordInput,
  fundRecordsInsert,
  ledgerRefusal,
  newOrderNo,
  plainAmount,
  transfer,
  writeFundRecords,
} from '../../shared/money.ts';
import { sendNotice } from '../../shared/notices.ts';
import { loadSettings, type Settings } from '../../shared/settings.ts';
import { feesOf } from '../../shared/trading-fees.ts';
import * as repo from './trading.repo.ts';
import { type PositionRow, STATUS } from './trading.repo.ts';
import type { Direction, Venue } from './venue.ts';

export interface BuyInput {
  symbol: string;
  quantity: bigint;
  leverage: number;
  direction: Direction;
  orderType: 1 | 2;
  limitPrice?: Units;
}

/** An order that passed its checks, on its way to the database (see placeOrders). */
interface PlacedOrder {
  userId: bigint;
  inst: Instrument;
  input: BuyInput;
  price: Units;
  filled: boolean;
  margin: Units;
  fee: Units;
  stampDuty: Units;
  orderNo: string;
  at: Date;
  /** The request's idempotency key: marked applied in the order's transaction. */
  key: IdempotencyState | undefined;
}

interface BuyResult {
  id: string;
  order_no: string;
  status: number;
}

/** Orders written in one transaction at most (each is two transfers, a position and two fund records). */
export const ORDER_BATCH = 100;

const asDb = (tx: Tx) => tx as unknown as Db;

/** Account ids remembered at most (the cache starts over beyond it). */
const ACCOUNT_ID_CACHE = 200_000;

/** The columns a new position is written with, and their SQL types (see placeOrders). */
const POSITION_TYPES = {
  user_id: 'int8',
  order_no: 'text',
  market: 'text',
  symbol: 'text',
  direction: 'int4',
  order_type: 'int4',
  leverage: 'int4',
  quantity: 'int8',
  limit_price: 'int8',
  open_price: 'int8',
  margin: 'int8',
  buy_fee: 'int8',
  stamp_duty: 'int8',
  status: 'int4',
  hold_margin_transfer: 'int8',
  hold_fee_transfer: 'int8',
  created_at: 'timestamptz',
  filled_at: 'timestamptz',
  updated_at: 'timestamptz',
} as const;
const POSITION_COLUMNS = Object.keys(POSITION_TYPES) as (keyof typeof POSITION_TYPES)[];

/** A ledger refusal as the error the order's caller gets (see ledgerRefusal). */
function refusalOf(err: unknown): unknown {
  try {
    return ledgerRefusal(err);
  } catch (e) {
    return e;
  }
}
const sign = (d: number): bigint => (d === 1 ? 1n : -1n);
const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;

/** Gross P&L of a position at a price: (price − open) × quantity × direction. */
export const grossPnl = (
  p: Pick<PositionRow, 'open_price' | 'quantity' | 'direction'>,
  price: Units,
): Units => (p.open_price === null ? 0n : (price - p.open_price) * p.quantity * sign(p.direction));

/** "12.34" percent of a base, 2 decimals, truncated toward zero. */
export function percentOf(value: Units, base: Units): string {
  if (base <= 0n) return '0.00';
  const hundredths = (value * 10_000n) / base;
  const neg = hundredths < 0n;
  const abs = neg ? -hundredths : hundredths;
  return `${neg ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/**
 * Orders and positions. Every money movement is a ledger transfer written in the same transaction as
 * the position row and the fund records: margin cash → margin, fees cash → platform fees; a limit
 * order holds both as pending transfers (the fill posts them, a cancel voids them); a close releases
 * the margin and settles P&L against the platform counterparty, then charges the sell fee and stamp duty.
 */
export function tradingService(deps: Deps, market: MarketDataProvider, venue: Venue) {
  const { db, clock } = deps;

  const instrumentOf = (symbol: string): Instrument => {
    const inst = market.instrument(symbol);
    if (!inst) return refuse('trade.unknownSymbol');
    return inst;
  };

  /** `user` as authentication read it this request: id, account state, fund password set or not. */
  async function buy(
    user: Pick<SessionUser, 'id' | 'state' | 'hasFundPassword'>,
    input: BuyInput,
    key?: IdempotencyState,
  ) {
    const userId = user.id;
    const inst = instrumentOf(input.symbol);
    if (inst.kind !== 'stock') refuse('trade.cannotBuy');
    const mkt = inst.market;
    const now = clock.now();
    const settings = await loadSettings(db);
    if (!settings.trading_leverage.includes(input.leverage)) {
      refuse('trade.leverageNotAllowed', { list: settings.trading_leverage.join('/') });
    }
    const day = localDate(mkt, now);
    if (checkQuantity(mkt, input.quantity, day) !== 'ok') {
      refuse('trade.belowMinimumQuantity', { min: minimumQuantity(mkt, day).toString() });
    }
    if (!user.hasFundPassword) refuse('account.fundPasswordNotSet');
    if (user.state === 'restricted') refuse('account.restricted');
    const inHours = input.orderType === 1 ? isContinuousTrading(mkt, now) : acceptsOrders(mkt, now);
    if (!inHours) refuse('trade.outsideHours');
    const q = market.quote(inst.symbol);
    if (!q || q.price <= 0n) return refuse('trade.priceUnavailable');

    let price: Units;
    let filled: boolean;
    if (input.orderType === 1) {
      const p = venue.marketFill(inst.symbol, input.direction, now);
      if (p === null) return refuse('trade.priceUnavailable');
      price = p;
      filled = true;
    } else {
      const limit = input.limitPrice;
      if (limit === undefined) return refuse('validation.required', { field: 'buy_price' });
      const limits = q.limitUp !== null && q.limitDown !== null ? { up: q.limitUp, down: q.limitDown } : null;
      const check = checkOrderPrice(inst, limit, limits, q.tradingDay);
      if (check === 'offTick' || check === 'nonPositive') {
        refuse('trade.offTick', { tick: plainAmount(tickSize(inst.tickTable, limit, q.tradingDay)) });
      }
      if (check === 'beyondLimit' && limits) {
        refuse('trade.beyondLimit', { up: plainAmount(limits.up), down: plainAmount(limits.down) });
      }
      const fill = venue.limitFill(inst.symbol, input.direction, limit, now);
      price = limit;
      filled = fill !== null;
    }

    const notional = price * input.quantity;
    const margin = roundTo(ceilDiv(notional, BigInt(input.leverage)), MINOR_UNIT[mkt], 'up');
    const fees = feesOf(mkt, 'buy', price, input.quantity, now, settings.trading_fees[mkt]);
    return placeOrder({
      userId,
      inst,
      input,
      price,
      filled,
      margin,
      fee: fees.fee,
      stampDuty: fees.stampDuty,
      orderNo: newOrderNo('T', now),
      at: new Date(now),
      key,
    });
  }

  /**
   * Orders that passed their checks, written together: one transaction, one lock of the accounts, one
   * insert each of transfers, positions and fund records for the whole batch. Each order is its own
   * ledger group, so one user's insufficient balance refuses that order only.
   */
  async function placeOrders(orders: PlacedOrder[]): Promise<Outcome<BuyResult>[]> {
    let learned = new Map<string, bigint>();
    const results = await withTx(db, async (tx) => {
      const specs = new Map<string, AccountSpec>();
      const want = orders.map((o) => {
        const mkt = o.inst.market;
        const three: AccountSpec[] = [
          { owner: o.userId, currency: mkt, kind: 'cash' },
          { owner: o.userId, currency: mkt, kind: 'margin' },
          { owner: null, currency: mkt, kind: 'fees', shard: shardFor(o.userId) },
        ];
        const keys = three.map(accountSpecKey);
        three.forEach((spec, i) => {
          if (!accountIds.has(keys[i])) specs.set(keys[i], spec);
        });
        return keys;
      });
      // Accounts not seen yet are read (or created) here, and remembered once this transaction commits.
      const missing = [...specs.keys()];
      const found = await ledgerAccounts(
        asDb(tx),
        missing.map((k) => specs.get(k)!),
      );
      learned = new Map(missing.map((k, i) => [k, found[i].id]));
      const idOf = (k: string) => accountIds.get(k) ?? learned.get(k)!;
      const groups = orders.map((o, i) => {
        const [cash, marginAcc, feesAcc] = want[i].map(idOf);
        const mkt = o.inst.market;
        const ref = `position:${o.orderNo}`;
        const kind = o.filled ? ('single' as const) : ('pending' as const);
        const charge = o.fee + o.stampDuty;
        const reqs: TransferRequest[] = [
          {
            type: kind,
            debitAccountId: cash,
            creditAccountId: marginAcc,
            amount: o.margin,
            currency: mkt,
            code: 'margin_hold',
            operationRef: ref,
          },
        ];
        if (charge > 0n) {
          reqs.push({
            type: kind,
            debitAccountId: cash,
            creditAccountId: feesAcc,
            amount: charge,
            currency: mkt,
            code: 'fee',
            operationRef: ref,
          });
        }
        return reqs;
      });
      const outcomes = await createTransferGroups(tx, groups);
      const placed: { o: PlacedOrder; ts: Transfer[] }[] = [];
      const answers: Outcome<BuyResult>[] = orders.map((o, i) => {
        const out = outcomes[i];
        if (!out.ok) return { ok: false, error: refusalOf(out.error) };
        placed.push({ o, ts: out.transfers });
        const status = o.filled ? STATUS.holding : STATUS.pending;
        return { ok: true, value: { id: '', order_no: o.orderNo, status } };
      });
      if (placed.length === 0) return answers;
      // The fund records of the filled orders and the placed orders' idempotency keys ride on the
      // positions' insert (one round trip).
      const records = placed
        .filter(({ o }) => o.filled)
        .flatMap(({ o, ts }) =>
          buyRecords(o.userId, o.inst, o.orderNo, o.margin, o.fee + o.stampDuty, ts[0].id, ts[1]?.id, o.at),
        );
      const keys = placed.flatMap(({ o }) => (o.key ? [o.key] : []));
      const ctes = [
        ...(records.length > 0 ? [sql`records as (${fundRecordsInsert(records)})`] : []),
        ...(keys.length > 0 ? [sql`applied as (${appliedKeys(keys)})`] : []),
      ];
      const withCtes = ctes.length > 0 ? sql`with ${sql.join(ctes)} ` : sql``;
      const { rows } = await sql<{ id: bigint; order_no: string }>`${withCtes}
        insert into position (${sql.raw(POSITION_COLUMNS.join(', '))})
        select ${sql.raw(POSITION_COLUMNS.join(', '))} from ${rowSet(
          'v',
          POSITION_TYPES,
          placed.map(({ o, ts }) => ({
            user_id: o.userId,
            order_no: o.orderNo,
            market: o.inst.market,
            symbol: o.inst.symbol,
            direction: o.input.direction,
            order_type: o.input.orderType,
            leverage: o.input.leverage,
            quantity: o.input.quantity,
            limit_price: o.input.orderType === 2 ? o.price : null,
            open_price: o.filled ? o.price : null,
            margin: o.margin,
            buy_fee: o.fee,
            stamp_duty: o.stampDuty,
            status: o.filled ? STATUS.holding : STATUS.pending,
            hold_margin_transfer: o.filled ? null : ts[0].id,
            hold_fee_transfer: o.filled || ts.length < 2 ? null : ts[1].id,
            created_at: o.at,
            filled_at: o.filled ? o.at : null,
            updated_at: o.at,
          })),
        )}
        returning id, order_no`.execute(tx);
      const ids = new Map(rows.map((r) => [r.order_no, String(r.id)]));
      for (const r of answers) if (r.ok) r.value.id = ids.get(r.value.order_no)!;
      return answers;
    });
    if (accountIds.size > ACCOUNT_ID_CACHE) accountIds.clear();
    for (const [k, id] of learned) accountIds.set(k, id);
    return results;
  }

  /**
   * Ledger account ids by owner, currency, kind (and shard): an account keeps its id for ever (accounts
   * are never deleted), so an order needs no query to find them once they are known. Learned only from
   * committed transactions; balances are always read under the lock, never from here.
   */
  const accountIds = new Map<string, bigint>();
  const placeOrder = batcher(placeOrders, { maxBatch: ORDER_BATCH, maxInFlight: 2 });

  /** The fund records of a filled buy: the margin taken, and the fee (with stamp duty) when there is one. */
  function buyRecords(
    userId: bigint,
    inst: Instrument,
    orderNo: string,
    margin: Units,
    charge: Units,
    marginTransfer: bigint,
    feeTransfer: bigint | undefined,
    at: Date,
  ): FundRecordInput[] {
    const base = {
      userId,
      currency: inst.market,
      orderNo,
      stockName: inst.names.jp,
      stockCode: inst.symbol,
      at,
    };
    const records: FundRecordInput[] = [
      { ...base, type: 'stock_buy', amount: -margin, transferId: marginTransfer, memo: 'margin' },
    ];
    if (charge > 0n && feeTransfer !== undefined) {
      records.push({ ...base, type: 'fee', amount: -charge, transferId: feeTransfer, memo: 'buy fee' });
    }
    return records;
  }

  /** Fill a pending limit order (the job; the row must be locked and pending). */
  async function fillLocked(tx: Tx, pos: PositionRow, price: Units, now: number): Promise<void> {
    const inst = instrumentOf(pos.symbol);
    const at = new Date(now);
    const reqs: TransferRequest[] = [];
    if (pos.hold_margin_transfer === null) throw new Error(`pending position ${pos.id} without a hold`);
    reqs.push({
      type: 'post',
      pendingId: pos.hold_margin_transfer,
      operationRef: `position:${pos.order_no}`,
    });
    if (pos.hold_fee_transfer !== null) {
      reqs.push({ type: 'post', pendingId: pos.hold_fee_transfer, operationRef: `position:${pos.order_no}` });
    }
    const ts = await transfer(tx, reqs);
    await tx
      .updateTable('position')
      .set({ status: STATUS.holding, open_price: price, filled_at: at, updated_at: at })
      .where('id', '=', pos.id)
      .execute();
    await writeFundRecords(
      tx,
      buyRecords(
        pos.user_id,
        inst,
        pos.order_no,
        pos.margin,
        pos.buy_fee + pos.stamp_duty,
        ts[0].id,
        ts[1]?.id,
        at,
      ),
    );
  }

  /**
   * Close a locked holding at the market price: release the margin, settle P&L with the counterparty,
   * charge the sell fee and stamp duty. A loss beyond what the user's cash can pay is absorbed by the
   * platform (cash never goes below zero).
   */
  async function closeLocked(
    tx: Tx,
    pos: PositionRow,
    reason: 'user' | 'forced',
    now: number,
    settings: Settings,
  ) {
    const inst = instrumentOf(pos.symbol);
    const mkt = inst.market;
    if (!isContinuousTrading(mkt, now)) refuse('trade.outsideHours');
    const openedAt = (pos.filled_at ?? pos.created_at).getTime();
    if (!canSell(mkt, openedAt, now)) refuse('trade.sameDaySell');
    const price = venue.marketFill(inst.symbol, pos.direction === 1 ? 2 : 1, now);
    if (price === null) return refuse('trade.priceUnavailable');
    const gross = grossPnl(pos, price);
    const fees = feesOf(mkt, 'sell', price, pos.quantity, now, settings.trading_fees[mkt]);

    const shard = shardFor(pos.user_id);
    const [cash, marginAcc, feesAcc, cp] = await ledgerAccounts(asDb(tx), [
      { owner: pos.user_id, currency: mkt, kind: 'cash' },
      { owner: pos.user_id, currency: mkt, kind: 'margin' },
      { owner: null, currency: mkt, kind: 'fees', shard },
      { owner: null, currency: mkt, kind: 'counterparty', shard },
    ]);
    await tx.selectFrom('ledger_account').select('id').where('id', '=', cash.id).forUpdate().execute();
    const fresh = await tx
      .selectFrom('ledger_account')
      .selectAll()
      .where('id', '=', cash.id)
      .executeTakeFirstOrThrow();
    const available =
      availableBalance({
        ...cash,
        debitsPending: fresh.debits_pending,
        debitsPosted: fresh.debits_posted,
        creditsPosted: fresh.credits_posted,
        creditsPending: fresh.credits_pending,
      }) + pos.margin;
    let loss = gross < 0n ? -gross : 0n;
    let sellFee = fees.fee;
    let stamp = fees.stampDuty;
    // What the user's cash can pay; the platform absorbs the rest (fees first, then the loss).
    let room = available + (gross > 0n ? gross : 0n);
    loss = loss < room ? loss : room;
    room -= loss;
    sellFee = sellFee < room ? sellFee : room;
    room -= sellFee;
    stamp = stamp < room ? stamp : room;

    const ref = `position:${pos.order_no}`;
    const reqs: TransferRequest[] = [
      {
        type: 'single',
        debitAccountId: marginAcc.id,
        creditAccountId: cash.id,
        amount: pos.margin,
        currency: mkt,
        code: 'margin_release',
        operationRef: ref,
      },
    ];
    const kinds: { type: 'stock_sell' | 'fee' | 'stamp_duty'; amount: Units; memo: string }[] = [
      { type: 'stock_sell', amount: pos.margin, memo: 'margin' },
    ];
    if (gross > 0n) {
      reqs.push({
        type: 'single',
        debitAccountId: cp.id,
        creditAccountId: cash.id,
        amount: gross,
        currency: mkt,
        code: 'pnl',
        operationRef: ref,
      });
      kinds.push({ type: 'stock_sell', amount: gross, memo: 'pnl' });
    } else if (loss > 0n) {
      reqs.push({
        type: 'single',
        debitAccountId: cash.id,
        creditAccountId: cp.id,
        amount: loss,
        currency: mkt,
        code: 'pnl',
        operationRef: ref,
      });
      kinds.push({ type: 'stock_sell', amount: -loss, memo: 'pnl' });
    }
    if (sellFee > 0n) {
      reqs.push({
        type: 'single',
        debitAccountId: cash.id,
        creditAccountId: feesAcc.id,
        amount: sellFee,
        currency: mkt,
        code: 'fee',
        operationRef: ref,
      });
      kinds.push({ type: 'fee', amount: -sellFee, memo: 'sell fee' });
    }
    if (stamp > 0n) {
      reqs.push({
        type: 'single',
        debitAccountId: cash.id,
        creditAccountId: feesAcc.id,
        amount: stamp,
        currency: mkt,
        code: 'stamp_duty',
        operationRef: ref,
      });
      kinds.push({ type: 'stamp_duty', amount: -stamp, memo: 'stamp duty' });
    }
    const ts = await transfer(tx, reqs);
    const pnl = (gross > 0n ? gross : -loss) - pos.buy_fee - pos.stamp_duty - sellFee - stamp;
    const at = new Date(now);
    await tx
      .updateTable('position')
      .set({
        status: STATUS.closed,
        close_price: price,
        sell_fee: sellFee,
        stamp_duty: pos.stamp_duty + stamp,
        pnl,
        close_reason: reason,
        closed_at: at,
        updated_at: at,
      })
      .where('id', '=', pos.id)
      .execute();
    await writeFundRecords(
      tx,
      kinds.map((k, i) => ({
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
    return { price, pnl };
  }

  async function sell(userId: bigint, id: bigint, key?: IdempotencyState) {
    const settings = await loadSettings(db);
    const now = clock.now();
    return withTx(db, async (tx) => {
      const pos = await repo.lockPosition(tx, userId, id);
      if (!pos) return refuse('trade.orderNotFound');
      if (pos.status !== STATUS.holding && pos.status !== STATUS.closing) refuse('trade.notHolding');
      const r = await closeLocked(tx, pos, 'user', now, settings);
      await markApplied(tx, key);
      return { id: String(pos.id), sell_price: formatUnits(r.price), yingkui: formatUnits(r.pnl) };
    });
  }

  /** Withdraw a locked pending order: void its held margin and fees, mark it cancelled. */
  async function withdrawLocked(tx: Tx, pos: PositionRow, reason: 'user' | 'expired', now: number) {
    const reqs: TransferRequest[] = [];
    if (pos.hold_margin_transfer !== null) reqs.push({ type: 'void', pendingId: pos.hold_margin_transfer });
    if (pos.hold_fee_transfer !== null) reqs.push({ type: 'void', pendingId: pos.hold_fee_transfer });
    if (reqs.length) await transfer(tx, reqs);
    const at = new Date(now);
    await tx
      .updateTable('position')
      .set({ status: STATUS.cancelled, close_reason: reason, closed_at: at, updated_at: at })
      .where('id', '=', pos.id)
      .execute();
  }

  async function cancel(userId: bigint, id: bigint, key?: IdempotencyState): Promise<void> {
    const now = clock.now();
    await withTx(db, async (tx) => {
      const pos = await repo.lockPosition(tx, userId, id);
      if (!pos) return refuse('trade.orderNotFound');
      if (pos.status !== STATUS.pending) refuse('trade.notPending');
      await withdrawLocked(tx, pos, 'user', now);
      await markApplied(tx, key);
    });
  }

  // ---------------------------------------------------------------- reading

  function row(p: PositionRow, lang: Lang) {
    const inst = market.instrument(p.symbol);
    const open = p.status === STATUS.holding || p.status === STATUS.closing;
    const now = open || p.status === STATUS.pending ? (market.quote(p.symbol)?.price ?? null) : p.close_price;
    let pnl = 0n;
    if (p.status === STATUS.closed) pnl = p.pnl ?? 0n;
    else if (open && now !== null) pnl = grossPnl(p, now) - p.buy_fee - p.stamp_duty;
    const t = (d: Date | null) => (d ? toUnixSeconds(d.getTime()) : null);
    return {
      id: String(p.id),
      order_no: p.order_no,
      stock_name: inst ? nameOf(inst, lang) : p.symbol,
      stock_code: p.symbol,
      market: p.market,
      buyzd: p.direction,
      ganggang: String(p.leverage),
      gdlx: p.order_type,
      buy_price: formatUnits(p.open_price ?? p.limit_price ?? 0n),
      stock_num: p.quantity.toString(),
      nowprice: formatUnits(now ?? p.open_price ?? p.limit_price ?? 0n),
      sell_price: formatUnits(p.close_price ?? 0n),
      credit: formatUnits(p.margin),
      yingkui: formatUnits(pnl),
      gain: percentOf(pnl, p.margin),
      buy_fee: formatUnits(p.buy_fee),
      sell_fee: formatUnits(p.sell_fee),
      stamp_duty: formatUnits(p.stamp_duty),
      status: p.status,
      buy_time: t(p.filled_at ?? p.created_at) as number,
      sell_time: t(p.closed_at),
      limit_price: p.limit_price === null ? '' : formatUnits(p.limit_price),
      close_reason: p.close_reason ?? '',
      _value: open && now !== null ? now * p.quantity : 0n,
      _pnl: pnl,
    };
  }

  const strip = ({ _value, _pnl, ...r }: ReturnType<typeof row>) => r;

  /** Holding, preparing-to-close and pending positions, plus ccsz (holding value) and fdyk (floating P&L). */
  async function openList(userId: bigint, mkt: Market, lang: Lang) {
    const rows = (
      await repo.listPositions(db, userId, mkt, [STATUS.holding, STATUS.closing, STATUS.pending])
    ).map((p) => row(p, lang));
    const out: Record<string, unknown> = {};
    let value = 0n;
    let pnl = 0n;
    rows.forEach((r, i) => {
      value += r._value;
      if (r.status !== STATUS.pending) pnl += r._pnl;
      out[String(i)] = strip(r);
    });
    out.ccsz = formatUnits(value);
    out.fdyk = formatUnits(pnl);
    return out;
  }

  /** Closed and cancelled positions, plus lsyk (realised P&L). */
  async function closedList(userId: bigint, mkt: Market, lang: Lang) {
    const rows = (await repo.listPositions(db, userId, mkt, [STATUS.closed, STATUS.cancelled])).map((p) =>
      row(p, lang),
    );
    const out: Record<string, unknown> = {};
    let pnl = 0n;
    rows.forEach((r, i) => {
      pnl += r._pnl;
      out[String(i)] = strip(r);
    });
    out.lsyk = formatUnits(pnl);
    return out;
  }

  async function detail(userId: bigint, id: bigint, lang: Lang) {
    const p = await repo.getPosition(db, userId, id);
    if (!p) return refuse('trade.orderNotFound');
    return strip(row(p, lang));
  }

  // ---------------------------------------------------------------- jobs

  /**
   * Maintenance margin: a holding whose equity (margin + gross P&L) falls to the maintenance ratio of
   * its margin becomes "preparing to close" (status 2, site message), and is closed at market as soon
   * as it may be (continuous trading; China: not on the buying day), with another site message.
   */
  async function enforceMaintenance(): Promise<{ marked: number; closed: number }> {
    const now = clock.now();
    const settings = await loadSettings(db);
    const ratioPpm = BigInt(Math.round(Number(settings.trading_maintenance_ratio) * 10_000));
    const open = await repo.positionsWithStatus(db, [STATUS.holding, STATUS.closing]);
    let marked = 0;
    let closed = 0;
    for (const p of open) {
      const inst = market.instrument(p.symbol);
      const q = market.quote(p.symbol);
      if (!inst || !q) continue;
      const equity = p.margin + grossPnl(p, q.price);
      const threshold = (p.margin * ratioPpm) / 1_000_000n;
      const breached = equity <= threshold;
      if (p.status === STATUS.holding && !breached) continue;
      const names = { order: p.order_no, name: inst.names.jp, code: inst.symbol };
      if (p.status === STATUS.holding) {
        const ok = await withTx(db, async (tx) => {
          const r = await tx
            .updateTable('position')
            .set({ status: STATUS.closing, updated_at: new Date(now) })
            .where('id', '=', p.id)
            .where('status', '=', STATUS.holding)
            .executeTakeFirst();
          if (Number(r.numUpdatedRows) === 0) return false;
          await sendNotice(tx, p.user_id, 'forcedClosePending', {
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
        if (!pos || pos.status !== STATUS.closing) return null;
        const c = await closeLocked(tx, pos, 'forced', now, settings);
        await sendNotice(tx, pos.user_id, 'forcedClosed', {
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

  /** A limit order is a day order: it lapses when its market's local date has moved past the order's. */
  const expired = (p: PositionRow, now: number) =>
    localDate(p.market as Market, now) !== localDate(p.market as Market, p.created_at.getTime());

  /**
   * One pass over the pending limit orders: an order of a past trading day expires (its hold is voided,
   * with a site message); any other fills when its price has been reached (continuous trading only).
   * Each runs in its own transaction, on the row locked and re-checked.
   */
  async function processPendingOrders(): Promise<{ expired: number; filled: number }> {
    const now = clock.now();
    const pending = await repo.positionsWithStatus(db, [STATUS.pending]);
    const out = { expired: 0, filled: 0 };
    for (const p of pending) {
      if (p.limit_price === null) continue;
      const lapsed = expired(p, now);
      const price = lapsed ? null : venue.limitFill(p.symbol, p.direction as Direction, p.limit_price, now);
      if (!lapsed && price === null) continue;
      const done = await withTx(db, async (tx) => {
        const pos = await repo.lockPosition(tx, null, p.id);
        if (!pos || pos.status !== STATUS.pending) return false;
        if (price !== null) {
          await fillLocked(tx, pos, price, now);
          return true;
        }
        await withdrawLocked(tx, pos, 'expired', now);
        const inst = market.instrument(pos.symbol);
        await sendNotice(tx, pos.user_id, 'orderExpired', {
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
    const orders = await processPendingOrders();
    const m = await enforceMaintenance();
    return { ...orders, ...m };
  }

  return {
    buy,
    sell,
    cancel,
    openList,
    closedList,
    detail,
    processPendingOrders,
    enforceMaintenance,
    runJobs,
  };
}

export type TradingService = ReturnType<typeof tradingService>;
