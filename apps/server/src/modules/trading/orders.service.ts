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
  nextCallPoint,
  type OrderTiming,
  orderSession,
  positionMargin,
  shortPriceRuleBars,
  tickSize,
  type Units,
} from '@kabuto/domain';
import type { Instrument } from '@kabuto/market';
import { refuse } from '../../lib/errors.ts';
import { plainAmount } from '../../shared/amounts.ts';
import { requireMarket } from '../../shared/market-data.ts';
import { newOrderNo } from '../../shared/order-no.ts';
import {
  configuredLegFees,
  leverageFor,
  loadSettings,
  marginListOf,
  type Settings,
} from '../../shared/settings.ts';
import { type ExitRequest, exitRows } from './exits.service.ts';
import { fillService } from './fills.service.ts';
import { type BuyResult, orderWriter } from './order-writer.ts';
import { instrumentOf, type OperationKey, type Trader, type TradingDeps } from './trading.deps.ts';

export type { BuyResult };

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

/**
 * Orders: a buy (long or short, market or limit) holds its margin and fees in the ledger, in the same
 * transaction as the position row and the fund records: margin cash → margin, fees cash → platform fees.
 * A limit order holds both as pending transfers; its fill posts them. The checks are here; the batched
 * write is `order-writer.ts`, the fill of a pending order `fills.service.ts`.
 */
export function ordersService(t: TradingDeps) {
  const { db, clock, market, venue } = t;
  const { placeOrder } = orderWriter(t);
  const { fillLocked } = fillService(t);

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
    // a shortfall (不足金) owed and the margin account's gate are read in the order's transaction
    // (order-writer.ts), with the rest of its batch
    if (input.afterMarket) return afterMarketOrder(userId, inst, input, now, settings, key);
    // an IFD's legs are checked now, before the order joins a batch
    if (input.ifd)
      exitRows(
        { id: 0n, user_id: userId, market: mkt, symbol: inst.symbol, direction: input.direction },
        input.ifd,
        'waiting',
        new Date(now),
      );
    // delayed data: refused, unless an operator made the market tradable at the next auction; then every
    // order is an order of the book that waits for its next call and fills at the provider's print
    const blocked = venue.refusal(inst.symbol);
    const atAuction = blocked === 'trade.quoteDelayed' && settings.trading_delayed_auction[mkt];
    const book = input.book ?? (atAuction ? { timing: 'any' as const, validUntil: null } : undefined);
    if (!book) {
      const inHours = input.orderType === 1 ? isContinuousTrading(mkt, now) : acceptsOrders(mkt, now);
      if (!inHours) refuse('trade.outsideHours');
    }
    const q = market.quote(inst.symbol);
    if (!q || q.price <= 0n) return refuse('trade.priceUnavailable');
    if (blocked && !atAuction) return refuse(blocked);
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
    let session = book ? orderSession(mkt, now, book.timing) : ({ continuous: true } as const);
    if (atAuction && session.continuous) session = { continuous: false, waitsFor: nextCallPoint(mkt, now) };
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

  return { buy, fillLocked };
}

export type OrdersService = ReturnType<typeof ordersService>;
