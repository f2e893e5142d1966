import type { Db, PositionSource, Tx } from '@kabuto/db';
import { withTx } from '@kabuto/db';
import {
  acceptsOrders,
  afterMarketWindow,
  checkOrderPrice,
  checkQuantity,
  checkValidUntil,
  type Direction,
  isContinuousTrading,
  isLocalDate,
  isMarginEligible,
  isNisaOrderKind,
  isShortable,
  type LocalDate,
  lastValidDay,
  localDate,
  lockedAgainst,
  type Market,
  minimumQuantity,
  movePosition,
  nextCallPoint,
  type OrderTiming,
  orderSession,
  POSITION_STATUS,
  positionMargin,
  shortPriceRuleBars,
  tickSize,
  type Units,
} from '@kabuto/domain';
import {
  type AccountSpec,
  accountSpecKey,
  createTransferGroups,
  ledgerAccounts,
  shardFor,
  type Transfer,
  type TransferRequest,
} from '@kabuto/ledger';
import type { Instrument } from '@kabuto/market';
import { sql } from 'kysely';
import { batcher, type Outcome } from '../../lib/batcher.ts';
import { refuse } from '../../lib/errors.ts';
import { plainAmount } from '../../shared/amounts.ts';
import { type FundRecordInput, fundRecordsInsert, writeFundRecords } from '../../shared/fund-records.ts';
import { ledgerRefusal, transfer } from '../../shared/ledger.ts';
import { requireMarket } from '../../shared/market-data.ts';
import { newOrderNo } from '../../shared/order-no.ts';
import {
  configuredLegFees,
  leverageFor,
  loadSettings,
  marginListOf,
  type Settings,
} from '../../shared/settings.ts';
import { accountIdCache } from './account-ids.ts';
import * as exitsRepo from './exits.repo.ts';
import { type ExitRequest, exitRows } from './exits.service.ts';
import { instrumentOf, type OperationKey, type Trader, type TradingDeps } from './trading.deps.ts';
import type { PositionRow } from './trading.repo.ts';
import * as repo from './trading.repo.ts';

export interface BuyInput {
  symbol: string;
  quantity: bigint;
  leverage: number;
  direction: Direction;
  orderType: 1 | 2;
  limitPrice?: Units;
  /** The market the client named (`type`); the symbol must belong to it. */
  market?: Market;
  /** An after-market trade: filled at the day's official closing price, inside the after-market window. */
  afterMarket?: boolean;
  /**
   * An order of the order book (the new fields of the wire): accepted at any time, waiting for its
   * market's next call when placed outside continuous trading, on the open or the close, for the day
   * (`validUntil` null) or until a date. Without it, an order is today's: refused outside the session.
   */
  book?: { timing: OrderTiming; validUntil: LocalDate | null };
  /** IFD / IFDOCO: the exit order(s) placed on the position once this order fills. */
  ifd?: ExitRequest;
  /** Into NISA: a cash purchase counted against the NISA quotas (the tax module checks them). */
  nisa?: boolean;
}

/** A pending market order holds margin and fees at its last price plus half (the fill releases the rest). */
export const marketHoldPrice = (price: Units): Units => (price * 3n + 1n) / 2n;

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
  key: OperationKey | undefined;
  source: PositionSource;
  /** Order-book fields of a pending order (see BuyInput.book). */
  timing?: OrderTiming;
  validUntil?: LocalDate | null;
  waitsFor?: Date | null;
  locked?: boolean;
  /** A NISA order: the yen it counts against the quota (set by the batch's NISA check). */
  nisaAmount?: Units;
}

export interface BuyResult {
  id: string;
  order_no: string;
  status: number;
}

/** Orders written in one transaction at most (each is two transfers, a position and two fund records). */
export const ORDER_BATCH = 100;

const asDb = (tx: Tx) => tx as unknown as Db;

/** The error a refusing function throws, as a value (an order's outcome). */
function refusalError(fn: () => never): unknown {
  try {
    return fn();
  } catch (e) {
    return e;
  }
}

/** A ledger refusal as the error the order's caller gets (see ledgerRefusal). */
function refusalOf(err: unknown): unknown {
  try {
    return ledgerRefusal(err);
  } catch (e) {
    return e;
  }
}

/** The fund records of a filled buy: the margin taken, and the fee (with stamp duty) when there is one. */
export function buyRecords(
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

/**
 * Orders: a buy (long or short, market or limit) holds its margin and fees in the ledger, in the same
 * transaction as the position row and the fund records: margin cash → margin, fees cash → platform fees.
 * A limit order holds both as pending transfers; its fill posts them.
 */
export function ordersService(t: TradingDeps) {
  const { db, clock, market, venue, keys } = t;
  const accountIds = accountIdCache();

  /** The TSE short-sale price rule (domain) on the price a short would open at. */
  function shortPriceRule(inst: Instrument, direction: Direction, price: Units) {
    const q = market.quote(inst.symbol);
    if (
      direction === 2 &&
      q &&
      shortPriceRuleBars(inst.market, { preClose: q.preClose, low: q.low, last: q.price }, price)
    ) {
      refuse('trade.shortPriceRule', { last: plainAmount(q.price) });
    }
  }

  async function buy(user: Trader, input: BuyInput, key?: OperationKey) {
    const userId = user.id;
    const inst = instrumentOf(market, input.symbol);
    if (input.market) requireMarket(inst, input.market);
    if (inst.kind !== 'stock') refuse('trade.cannotBuy');
    const mkt = inst.market;
    const now = clock.now();
    const settings = await loadSettings(db);
    const day = localDate(mkt, now);
    // the legal caps and short rules (domain): a 1× long is a cash purchase
    const marginList = marginListOf(settings, mkt);
    const allowed = leverageFor(settings, mkt, isMarginEligible(inst, marginList));
    if (!allowed.includes(input.leverage)) refuse('trade.leverageNotAllowed', { list: allowed.join('/') });
    if (input.nisa && !isNisaOrderKind({ ...input, dayTrade: false })) refuse('tax.nisaCashOnly');
    if (input.direction === 2 && !isShortable(inst, day, marginList)) refuse('trade.notShortable');
    if (checkQuantity(mkt, input.quantity, day) !== 'ok') {
      refuse('trade.belowMinimumQuantity', { min: minimumQuantity(mkt, day).toString() });
    }
    if (!user.hasFundPassword) refuse('account.fundPasswordNotSet');
    if (user.state === 'restricted') refuse('account.restricted');
    if (input.afterMarket) return afterMarketOrder(userId, inst, input, now, settings, key);
    // an IFD's legs are checked now, before the order joins a batch
    if (input.ifd)
      exitRows(
        { id: 0n, user_id: userId, market: mkt, symbol: inst.symbol, direction: input.direction },
        input.ifd,
        'waiting',
        new Date(now),
      );
    const book = input.book;
    if (!book) {
      const inHours = input.orderType === 1 ? isContinuousTrading(mkt, now) : acceptsOrders(mkt, now);
      if (!inHours) refuse('trade.outsideHours');
    }
    const q = market.quote(inst.symbol);
    if (!q || q.price <= 0n) return refuse('trade.priceUnavailable');
    const blocked = venue.refusal(inst.symbol);
    if (blocked) return refuse(blocked);
    const limit = input.orderType === 2 ? input.limitPrice : undefined;
    if (input.orderType === 2) {
      if (limit === undefined) return refuse('validation.required', { field: 'buy_price' });
      const limits = q.limitUp !== null && q.limitDown !== null ? { up: q.limitUp, down: q.limitDown } : null;
      const check = checkOrderPrice(inst, limit, limits, q.tradingDay);
      if (check === 'offTick' || check === 'nonPositive') {
        refuse('trade.offTick', { tick: plainAmount(tickSize(inst.tickTable, limit, q.tradingDay)) });
      }
      if (check === 'beyondLimit' && limits) {
        refuse('trade.beyondLimit', { up: plainAmount(limits.up), down: plainAmount(limits.down) });
      }
    }

    // Where the order goes: it fills now, rests in continuous trading, or waits for a call auction.
    const session = book ? orderSession(mkt, now, book.timing) : ({ continuous: true } as const);
    let price: Units;
    let filled = false;
    let waitsFor: { at: number; date: LocalDate } | null = null;
    let locked = false;
    if (session.continuous) {
      if (limit === undefined) {
        const p = venue.marketFill(inst.symbol, input.direction, now);
        if (p === null) return refuse('trade.priceUnavailable');
        price = p;
        filled = true;
        // a market order on the locked side of a daily limit waits for the close's allocation
        if (book && lockedAgainst(input.direction, p, { up: q.limitUp, down: q.limitDown })) {
          filled = false;
          locked = true;
          waitsFor = nextCallPoint(mkt, now, 'close');
        }
      } else {
        const fill = venue.marketableFill(inst.symbol, input.direction, limit, now);
        filled = fill !== null;
        price = fill ?? limit;
        // a resting limit also takes part in its market's next call (the afternoon's open, the close)
        if (!filled) waitsFor = nextCallPoint(mkt, now);
      }
    } else {
      waitsFor = session.waitsFor;
      price = limit ?? marketHoldPrice(q.price);
    }
    // A day order is valid through the day of its first session; an until-date order through its date.
    let validUntil: LocalDate | null = null;
    if (book) {
      const firstDay = waitsFor && !session.continuous ? waitsFor.date : localDate(mkt, now);
      validUntil = book.validUntil ?? firstDay;
      const until = book.validUntil;
      if (until !== null && (!isLocalDate(until) || !checkValidUntil(mkt, firstDay, until))) {
        refuse('trade.badValidUntil', { from: firstDay, to: lastValidDay(mkt, firstDay) });
      }
    }
    if (waitsFor && validUntil === null && waitsFor.date !== localDate(mkt, now)) waitsFor = null;

    shortPriceRule(inst, input.direction, price);
    const margin = positionMargin(mkt, price, input.quantity, input.leverage);
    const fees = configuredLegFees(settings, mkt, input.direction, 'open', price, input.quantity, now);
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
      source: 'order',
      timing: book?.timing ?? 'any',
      validUntil,
      waitsFor: waitsFor && !filled ? new Date(waitsFor.at) : null,
      locked,
    });
  }

  /**
   * An after-market trade (the checks of `buy` before it have passed): only inside the after-market
   * window of a trading day, filled at once at that day's official closing price, never another.
   */
  async function afterMarketOrder(
    userId: bigint,
    inst: Instrument,
    input: BuyInput,
    now: number,
    settings: Settings,
    key: OperationKey | undefined,
  ) {
    const mkt = inst.market;
    const hours = settings.after_market_hours;
    const window = afterMarketWindow(mkt, now, hours);
    if (!window || now < window.start || now >= window.end)
      refuse('afterMarket.closed', { window: `${hours.from}-${hours.to}` });
    const q = market.quote(inst.symbol);
    // The official close: the day's last price once its session has closed.
    if (!q || q.price <= 0n || q.tradingDay !== window?.date || q.session !== 'closed')
      return refuse('trade.priceUnavailable');
    const price = q.price;
    shortPriceRule(inst, input.direction, price);
    const order: BuyInput = { ...input, orderType: 1, limitPrice: undefined };
    const fees = configuredLegFees(settings, mkt, input.direction, 'open', price, input.quantity, now);
    return placeOrder({
      userId,
      inst,
      input: order,
      price,
      filled: true,
      margin: positionMargin(mkt, price, input.quantity, input.leverage),
      fee: fees.fee,
      stampDuty: fees.stampDuty,
      orderNo: newOrderNo('T', now),
      at: new Date(now),
      key,
      source: 'after_market',
    });
  }

  /**
   * Orders that passed their checks, written together: one transaction, one lock of the accounts, one
   * insert each of transfers, positions and fund records for the whole batch. Each order is its own
   * ledger group, so one user's insufficient balance refuses that order only.
   */
  async function placeOrders(batch: PlacedOrder[]): Promise<Outcome<BuyResult>[]> {
    let learned = new Map<string, bigint>();
    // read before the transaction (an embedded database has one connection: no query beside it)
    const settings = batch.some((o) => o.input.nisa) ? await loadSettings(db) : null;
    const results = await withTx(db, async (tx) => {
      // NISA orders: the quotas, checked with the user's tax account locked (a refusal refuses that order)
      const refused = settings ? await nisaChecks(tx, batch, settings) : new Map<PlacedOrder, unknown>();
      const orders = batch.filter((o) => !refused.has(o));
      const placedAnswers = orders.length > 0 ? await placeIn(tx, orders) : [];
      let next = 0;
      return batch.map((o): Outcome<BuyResult> => {
        const error = refused.get(o);
        return error === undefined ? placedAnswers[next++] : { ok: false, error };
      });
    });
    accountIds.learn(learned);
    return results;

    async function placeIn(tx: Tx, orders: PlacedOrder[]): Promise<Outcome<BuyResult>[]> {
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
      const statusOf = (o: PlacedOrder) => (o.filled ? POSITION_STATUS.holding : POSITION_STATUS.pending);
      const answers: Outcome<BuyResult>[] = orders.map((o, i) => {
        const out = outcomes[i];
        if (!out.ok) return { ok: false, error: refusalOf(out.error) };
        placed.push({ o, ts: out.transfers });
        return { ok: true, value: { id: '', order_no: o.orderNo, status: statusOf(o) } };
      });
      if (placed.length === 0) return answers;
      // The fund records of the filled orders and the placed orders' idempotency keys ride on the
      // positions' insert (one round trip).
      const records = placed
        .filter(({ o }) => o.filled)
        .flatMap(({ o, ts }) =>
          buyRecords(o.userId, o.inst, o.orderNo, o.margin, o.fee + o.stampDuty, ts[0].id, ts[1]?.id, o.at),
        );
      const applied = placed.flatMap(({ o }) => (o.key ? [o.key] : []));
      const rows = await repo.insertPositions(
        tx,
        placed.map(({ o, ts }) => ({
          user_id: o.userId,
          order_no: o.orderNo,
          market: o.inst.market,
          symbol: o.inst.symbol,
          direction: o.input.direction,
          order_type: o.input.orderType,
          leverage: o.input.leverage,
          quantity: o.input.quantity,
          limit_price: o.input.orderType === 2 ? (o.input.limitPrice ?? o.price) : null,
          open_price: o.filled ? o.price : null,
          margin: o.margin,
          buy_fee: o.fee,
          stamp_duty: o.stampDuty,
          status: statusOf(o),
          hold_margin_transfer: o.filled ? null : ts[0].id,
          hold_fee_transfer: o.filled || ts.length < 2 ? null : ts[1].id,
          source: o.source,
          timing: o.timing ?? 'any',
          valid_until: o.validUntil ?? null,
          waits_for: o.waitsFor ?? null,
          locked: o.locked ?? false,
          nisa: o.nisaAmount !== undefined,
          nisa_amount: o.nisaAmount ?? null,
          created_at: o.at,
          filled_at: o.filled ? o.at : null,
          updated_at: o.at,
        })),
        [
          ...(records.length > 0 ? [sql`records as (${fundRecordsInsert(records)})`] : []),
          ...(applied.length > 0 ? [sql`applied as (${keys.appliedKeys(applied)})`] : []),
        ],
      );
      const byNo = new Map(rows.map((r) => [r.order_no, r.id]));
      // IFD / IFDOCO: the exit legs of the orders that carry them, waiting until their order fills
      for (const { o } of placed) {
        if (!o.input.ifd) continue;
        const pos = {
          id: byNo.get(o.orderNo)!,
          user_id: o.userId,
          market: o.inst.market,
          symbol: o.inst.symbol,
          direction: o.input.direction,
        };
        const legs = await exitsRepo.insertExits(
          tx,
          exitRows(pos, o.input.ifd, o.filled ? 'working' : 'waiting', o.at),
        );
        if (legs.length === 2) await exitsRepo.linkOco(tx, legs[0].id, legs[1].id);
      }
      const ids = new Map(rows.map((r) => [r.order_no, String(r.id)]));
      for (const r of answers) if (r.ok) r.value.id = ids.get(r.value.order_no)!;
      return answers;
    }
  }

  /** The NISA orders of a batch against the quotas (tax module); sets each accepted order's yen amount. */
  async function nisaChecks(
    tx: Tx,
    batch: PlacedOrder[],
    settings: Settings,
  ): Promise<Map<PlacedOrder, unknown>> {
    const refused = new Map<PlacedOrder, unknown>();
    const nisa = batch.filter((o) => o.input.nisa);
    if (nisa.length === 0) return refused;
    const tax = t.tax;
    if (!tax) {
      for (const o of nisa)
        refused.set(
          o,
          refusalError(() => refuse('tax.nisaNotOffered')),
        );
      return refused;
    }
    const checks = await tax.reserveNisa(
      tx,
      nisa.map((o) => ({
        userId: o.userId,
        currency: o.inst.market,
        leverage: o.input.leverage,
        direction: o.input.direction,
        dayTrade: false,
        value: o.price * o.input.quantity,
      })),
      settings,
    );
    nisa.forEach((o, i) => {
      const c = checks[i];
      if (c.ok) o.nisaAmount = c.amount;
      else
        refused.set(
          o,
          refusalError(() => tax.nisaRefusalError(c.refusal)),
        );
    });
    return refused;
  }

  const placeOrder = batcher(placeOrders, { maxBatch: ORDER_BATCH, maxInFlight: 2 });

  /**
   * Fill a locked pending order at `price` (the jobs: a call auction, a resting limit reached, an
   * allocation of `quantity` shares at a locked limit). Margin and fees are the fill's: the holds are
   * posted for what the fill needs (the rest released); a fill that needs more than was held (a short
   * sold above its limit, a market order past its hold price) takes the difference from cash, and is
   * refused by the ledger when the cash is not there.
   */
  async function fillLocked(
    tx: Tx,
    pos: PositionRow,
    price: Units,
    now: number,
    /** Read before the transaction (a read inside it could wait on the connection it holds). */
    settings: Settings,
    quantity: bigint = pos.quantity,
  ): Promise<void> {
    const inst = instrumentOf(market, pos.symbol);
    const mkt = inst.market;
    const at = new Date(now);
    if (pos.hold_margin_transfer === null) throw new Error(`pending position ${pos.id} without a hold`);
    movePosition(pos.status, POSITION_STATUS.holding);
    const margin = positionMargin(mkt, price, quantity, pos.leverage);
    const fees = configuredLegFees(
      settings,
      mkt,
      pos.direction as Direction,
      'open',
      price,
      quantity,
      pos.created_at.getTime(),
    );
    const charge = fees.fee + fees.stampDuty;
    const heldCharge = pos.buy_fee + pos.stamp_duty;
    const ref = `position:${pos.order_no}`;
    const min = (x: Units, y: Units) => (x < y ? x : y);
    const reqs: TransferRequest[] = [
      {
        type: 'post',
        pendingId: pos.hold_margin_transfer,
        amount: min(margin, pos.margin),
        operationRef: ref,
      },
    ];
    // what each request is, for its fund record (a void moves nothing and has none)
    const kinds: ('margin' | 'fee' | null)[] = ['margin'];
    if (pos.hold_fee_transfer !== null) {
      const posted = min(charge, heldCharge);
      if (posted > 0n) {
        reqs.push({ type: 'post', pendingId: pos.hold_fee_transfer, amount: posted, operationRef: ref });
        kinds.push('fee');
      } else {
        reqs.push({ type: 'void', pendingId: pos.hold_fee_transfer });
        kinds.push(null);
      }
    }
    const extraMargin = margin - pos.margin;
    const extraCharge = charge - (pos.hold_fee_transfer === null ? 0n : heldCharge);
    if (extraMargin > 0n || extraCharge > 0n) {
      const [cash, marginAcc, feesAcc] = await ledgerAccounts(asDb(tx), [
        { owner: pos.user_id, currency: mkt, kind: pos.day_trade ? 'day_trade' : 'cash' },
        { owner: pos.user_id, currency: mkt, kind: 'margin' },
        { owner: null, currency: mkt, kind: 'fees', shard: shardFor(pos.user_id) },
      ]);
      const single = (credit: bigint, amount: Units, code: 'margin_hold' | 'fee'): TransferRequest => ({
        type: 'single',
        debitAccountId: cash.id,
        creditAccountId: credit,
        amount,
        currency: mkt,
        code,
        operationRef: ref,
      });
      if (extraMargin > 0n) {
        reqs.push(single(marginAcc.id, extraMargin, 'margin_hold'));
        kinds.push('margin');
      }
      if (extraCharge > 0n) {
        reqs.push(single(feesAcc.id, extraCharge, 'fee'));
        kinds.push('fee');
      }
    }
    const ts = await transfer(tx, reqs);
    await exitsRepo.activateWaiting(tx, pos.id, at);
    await repo.markFilled(tx, pos.id, price, at, {
      quantity,
      margin,
      fee: fees.fee,
      stampDuty: fees.stampDuty,
    });
    const base = { userId: pos.user_id, currency: mkt, orderNo: pos.order_no, stockName: inst.names.jp };
    const records: FundRecordInput[] = [];
    ts.forEach((tr, i) => {
      const k = kinds[i];
      if (k === null || pos.day_trade) return;
      records.push({
        ...base,
        stockCode: inst.symbol,
        type: k === 'margin' ? 'stock_buy' : 'fee',
        amount: -tr.amount,
        transferId: tr.id,
        memo: k === 'margin' ? 'margin' : 'buy fee',
        at,
      });
    });
    await writeFundRecords(tx, records);
  }

  return { buy, fillLocked };
}

export type OrdersService = ReturnType<typeof ordersService>;
