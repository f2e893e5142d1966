import { type Db, isUniqueViolation, type Tx, withTx } from '@kabuto/db';
import {
  canSell,
  checkQuantity,
  clampLeverage,
  DAY_TRADE_CODE,
  DAY_TRADE_CODED,
  DAY_TRADE_LIVE,
  type Direction,
  dayTradeDate,
  dayTradeStateOf,
  forcedCloseAt,
  formatHm,
  isContinuousTrading,
  isMarginEligible,
  legalLeverageCap,
  lineAllows,
  lineRemaining,
  localDate,
  MARKET_ZONE,
  type Market,
  minimumQuantity,
  netPnl,
  OPEN_POSITION_STATUSES,
  POSITION_STATUS,
  parseUnits,
  positionMargin,
  type Units,
  zonedParts,
} from '@kabuto/domain';
import { ledgerAccounts, shardFor } from '@kabuto/ledger';
import type { Instrument } from '@kabuto/market';
import { AppError, refuse } from '../../lib/errors.ts';
import { checkMinorUnit, plainAmount } from '../../shared/amounts.ts';
import { holdMoney, transfer } from '../../shared/ledger.ts';
import { requireMarket } from '../../shared/market-data.ts';
import { newOrderNo } from '../../shared/order-no.ts';
import { configuredLegFees, loadSettings, marginListOf, type Settings } from '../../shared/settings.ts';
import type { DayTradeDeps, DayTrader, OperationKey } from './day-trade.deps.ts';
import type { ApplicationRow, DayPositionRow } from './day-trade.repo.ts';
import * as repo from './day-trade.repo.ts';

export interface DayTradeOrder {
  symbol: string;
  quantity: bigint;
  leverage: number;
  direction: Direction;
  orderType: 1 | 2;
  /** The market the client named (`type`); the symbol must belong to it. */
  market?: Market;
}

const asDb = (tx: Tx) => tx as unknown as Db;

/**
 * The leverage multiples a day trade of a stock may use: the configured list up to the cap, within the
 * stock's legal cap (the same as margin trading: JP 3.3×, US and Korea 2×, China 1× unless eligible).
 */
export const dayTradeLeverage = (s: Settings, inst: Instrument): number[] =>
  clampLeverage(
    s.day_trade_leverage.filter((l) => l <= s.day_trade_leverage_cap),
    legalLeverageCap(inst.market, { marginEligible: isMarginEligible(inst, marginListOf(s, inst.market)) }),
  );

const isOpen = (status: number) => (OPEN_POSITION_STATUSES as readonly number[]).includes(status);
const openOf = (p: DayPositionRow) => ({
  openPrice: p.open_price,
  quantity: p.quantity,
  direction: p.direction,
  margin: p.margin,
  buyFee: p.buy_fee,
  stampDuty: p.stamp_duty,
});

/** An application with its positions, valued now (the user's list). */
export interface ApplicationView {
  row: ApplicationRow;
  positions: DayPositionRow[];
  used: Units;
  remaining: Units;
  /** Settled P&L once settled; realised + floating while trading. */
  pnl: Units;
  forcedClose: number | null;
}

/**
 * Day trading, the user's side: the application (its amount held at once), the day-trade order against
 * an approved line (the line rule in the line's own transaction), and the list.
 */
export function dayTradeService(d: DayTradeDeps) {
  const { db, clock, market } = d;

  /** `/trade/rnjy`: apply for a line; the amount is held (cash → the user's day_trade account, pending). */
  async function apply(user: DayTrader, input: { amount: Units; market: Market }, key?: OperationKey) {
    const mkt = input.market;
    if (user.state === 'restricted') refuse('account.restricted');
    if (!user.hasFundPassword) refuse('account.fundPasswordNotSet');
    checkMinorUnit(input.amount, mkt);
    const now = clock.now();
    // a line must be closed the same day: markets without same-day sales do not offer it
    if (!canSell(mkt, now, now)) refuse('dayTrade.marketNotAllowed');
    const settings = await loadSettings(db);
    const limits = settings.day_trade_limits[mkt];
    if (input.amount < (parseUnits(limits.min) as Units))
      refuse('dayTrade.belowMinimum', { min: limits.min });
    if (input.amount > (parseUnits(limits.max) as Units))
      refuse('dayTrade.aboveMaximum', { max: limits.max });
    if (await repo.hasOpenApplication(db, user.id)) refuse('dayTrade.pending');
    const date = dayTradeDate(mkt, now, settings.day_trade_forced_close_minutes);
    const orderNo = newOrderNo('D', now);
    try {
      return await withTx(db, async (tx) => {
        const [cash, line] = await ledgerAccounts(asDb(tx), [
          { owner: user.id, currency: mkt, kind: 'cash' },
          { owner: user.id, currency: mkt, kind: 'day_trade' },
        ]);
        const hold = await holdMoney(tx, {
          from: cash.id,
          to: line.id,
          amount: input.amount,
          currency: mkt,
          code: 'day_trade',
          ref: `daytrade:${orderNo}`,
        });
        const row = await repo.insertApplication(tx, {
          user_id: user.id,
          order_no: orderNo,
          market: mkt,
          currency: mkt,
          amount: input.amount,
          trade_date: date,
          hold_transfer: hold.id,
          created_at: new Date(now),
        });
        await d.keys.markApplied(tx, key);
        return { id: String(row.id), order_no: row.order_no, status: row.status, trade_date: date };
      });
    } catch (err) {
      if (isUniqueViolation(err)) refuse('dayTrade.pending');
      throw err;
    }
  }

  /** `/trade/buy_stock` `dz_type=3`: a market order against today's approved line. */
  async function buy(user: DayTrader, input: DayTradeOrder, key?: OperationKey) {
    const inst = market.instrument(input.symbol);
    if (!inst) return refuse('trade.unknownSymbol');
    if (input.market) requireMarket(inst, input.market);
    if (inst.kind !== 'stock') refuse('trade.cannotBuy');
    if (input.orderType !== 1) refuse('dayTrade.marketOrderOnly');
    const mkt = inst.market;
    const now = clock.now();
    const settings = await loadSettings(db);
    const allowed = dayTradeLeverage(settings, inst);
    if (!allowed.includes(input.leverage)) refuse('dayTrade.leverageNotAllowed', { list: allowed.join('/') });
    const day = localDate(mkt, now);
    if (checkQuantity(mkt, input.quantity, day) !== 'ok')
      refuse('trade.belowMinimumQuantity', { min: minimumQuantity(mkt, day).toString() });
    if (!user.hasFundPassword) refuse('account.fundPasswordNotSet');
    if (user.state === 'restricted') refuse('account.restricted');
    if (!isContinuousTrading(mkt, now)) refuse('trade.outsideHours');
    const cut = forcedCloseAt(mkt, day, settings.day_trade_forced_close_minutes);
    if (cut !== null && now >= cut) refuse('dayTrade.closing', { time: localHm(mkt, cut) });
    const price = d.marketFill(inst.symbol, input.direction, now);
    if (price === null) return refuse('trade.priceUnavailable');
    const margin = positionMargin(mkt, price, input.quantity, input.leverage);
    const fees = configuredLegFees(settings, mkt, input.direction, 'open', price, input.quantity, now);
    const charge = fees.fee + fees.stampDuty;
    const orderNo = newOrderNo('T', now);
    const at = new Date(now);
    return withTx(db, async (tx) => {
      const line = await repo.lockLiveLine(tx, user.id, mkt, day);
      if (!line) return refuse('dayTrade.notApproved');
      const open = await repo.openMargins(tx, line.id);
      if (!lineAllows(line.amount, open, margin))
        refuse('dayTrade.lineExceeded', { remaining: plainAmount(lineRemaining(line.amount, open)) });
      const [lineAcc, marginAcc, feesAcc] = await ledgerAccounts(asDb(tx), [
        { owner: user.id, currency: mkt, kind: 'day_trade' },
        { owner: user.id, currency: mkt, kind: 'margin' },
        { owner: null, currency: mkt, kind: 'fees', shard: shardFor(user.id) },
      ]);
      const ref = `position:${orderNo}`;
      try {
        await transfer(tx, [
          {
            type: 'single',
            debitAccountId: lineAcc.id,
            creditAccountId: marginAcc.id,
            amount: margin,
            currency: mkt,
            code: 'margin_hold',
            operationRef: ref,
          },
          ...(charge > 0n
            ? [
                {
                  type: 'single' as const,
                  debitAccountId: lineAcc.id,
                  creditAccountId: feesAcc.id,
                  amount: charge,
                  currency: mkt,
                  code: 'fee' as const,
                  operationRef: ref,
                },
              ]
            : []),
        ]);
      } catch (err) {
        // what is left on the line (after the day's losses and fees) cannot pay this one
        if (isRefusal(err, 'money.insufficientAvailable'))
          refuse('dayTrade.lineExceeded', { remaining: plainAmount(lineRemaining(line.amount, open)) });
        throw err;
      }
      const [pos] = await d.insertPositions(tx, [
        {
          user_id: user.id,
          order_no: orderNo,
          market: mkt,
          symbol: inst.symbol,
          direction: input.direction,
          order_type: 1,
          leverage: input.leverage,
          quantity: input.quantity,
          limit_price: null,
          open_price: price,
          margin,
          buy_fee: fees.fee,
          stamp_duty: fees.stampDuty,
          status: POSITION_STATUS.holding,
          hold_margin_transfer: null,
          hold_fee_transfer: null,
          source: 'order',
          day_trade: true,
          created_at: at,
          filled_at: at,
          updated_at: at,
        },
      ]);
      await repo.linkPosition(tx, line.id, pos.id);
      if (line.status === DAY_TRADE_CODE.approved)
        await repo.setStatus(tx, line.id, {
          status: DAY_TRADE_CODED.move(line.status, DAY_TRADE_CODE.trading),
        });
      await d.keys.markApplied(tx, key);
      return { id: String(pos.id), order_no: orderNo, status: POSITION_STATUS.holding as number };
    });
  }

  /** The user's applications of a market, newest first, each with its positions and figures. */
  async function list(userId: bigint, mkt: Market): Promise<ApplicationView[]> {
    const rows = await repo.userApplications(db, userId, mkt);
    const positions = await repo.positionsOf(
      db,
      rows.map((r) => r.id),
    );
    const minutes = (await loadSettings(db)).day_trade_forced_close_minutes;
    return rows.map((row) => {
      const mine = positions.filter((p) => p.application_id === row.id);
      const open = mine.filter((p) => isOpen(p.status));
      const live = DAY_TRADE_LIVE.includes(dayTradeStateOf(row.status));
      const margins = open.map((p) => p.margin);
      let pnl = row.pnl ?? 0n;
      if (row.pnl === null) {
        for (const p of mine) {
          if (p.status === POSITION_STATUS.closed) pnl += p.pnl ?? 0n;
          else if (isOpen(p.status)) {
            const q = market.quote(p.symbol);
            if (q) pnl += netPnl(openOf(p), q.price);
          }
        }
      }
      return {
        row,
        positions: mine,
        used: margins.reduce((s, m) => s + m, 0n),
        remaining: live ? lineRemaining(row.amount, margins) : 0n,
        pnl,
        forcedClose: forcedCloseAt(row.market as Market, row.trade_date, minutes),
      };
    });
  }

  return { apply, buy, list };
}

export type DayTradeService = ReturnType<typeof dayTradeService>;

/** Local "HH:MM" of an instant in a market's zone. */
export const localHm = (mkt: Market, epochMs: number): string =>
  formatHm(zonedParts(MARKET_ZONE[mkt], epochMs).minuteOfDay);

const isRefusal = (err: unknown, msg: string): boolean => err instanceof AppError && err.msg === msg;
