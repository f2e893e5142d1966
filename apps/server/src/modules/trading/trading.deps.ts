import type { Tx, UserState } from '@kabuto/db';
import type { Currency, Market, NisaRefusal, Units } from '@kabuto/domain';
import type { Instrument, MarketDataProvider } from '@kabuto/market';
import type { RawBuilder } from 'kysely';
import type { Deps } from '../../deps.ts';
import { type AppError, refuse } from '../../lib/errors.ts';
import type { Settings } from '../../shared/settings.ts';
import type { PositionRow } from './trading.repo.ts';
import type { Venue } from './venue.ts';

/** A request's idempotency key, as its route passes it in: marked applied inside the operation's transaction. */
export interface OperationKey {
  userId: bigint;
  path: string;
  key: string;
}

/** How the module marks keys applied (the idempotency key helpers). */
export interface KeyMarks {
  /** Mark one key applied (nothing for a call without a key). */
  markApplied(tx: Tx, key: OperationKey | undefined): Promise<void>;
  /** The statement marking several keys, to ride as a CTE on a statement the transaction runs anyway. */
  appliedKeys(keys: readonly OperationKey[]): RawBuilder<unknown>;
}

/** The user placing an order, as authentication read it this request (passed in by the route). */
export interface Trader {
  id: bigint;
  state: UserState;
  hasFundPassword: boolean;
}

/**
 * Stock lending's part in a close (the lending module joins trading with it: `join({ lending })`): a lent
 * position is recalled, in the close's transaction, before it is sold.
 */
export interface LendingHook {
  recallOnClose(
    tx: Tx,
    position: { id: bigint; user_id: bigint },
    now: number,
    settings: Settings,
  ): Promise<void>;
}

/**
 * Tax's part in trading (app.ts wires the tax module's): a close's realised gain and its withholding, in
 * the close's transaction; the NISA quota check of an order batch, in the batch's transaction.
 */
export interface TaxHook {
  onClose(
    tx: Tx,
    position: {
      id: bigint;
      user_id: bigint;
      order_no: string;
      market: string;
      symbol: string;
      direction: number;
      leverage: number;
      quantity: bigint;
      open_price: bigint | null;
      buy_fee: bigint;
      stamp_duty: bigint;
      day_trade: boolean;
      nisa: boolean;
      filled_at: Date | null;
      created_at: Date;
    },
    close: {
      price: Units;
      closeFees: Units;
      financing: Units;
      now: number;
      settings: Settings;
      stockName: string;
    },
  ): Promise<void>;
  reserveNisa(
    tx: Tx,
    orders: readonly {
      userId: bigint;
      currency: Currency;
      leverage: number;
      direction: 1 | 2;
      dayTrade: boolean;
      value: Units;
    }[],
    settings: Settings,
  ): Promise<({ ok: true; amount: Units } | { ok: false; refusal: NisaRefusal })[]>;
  nisaRefusalError(r: NisaRefusal): never;
}

/**
 * The margin account's part in an order (the margin module joins trading with it: `join({ margin })`):
 * an order above 1× or a short is refused without an approved margin account, while a margin call of
 * the market is open, or below the market's minimum collateral. Asked for a batch of orders in the
 * batch's transaction (`order-writer.ts`): each order's refusal, null when it may be placed.
 */
export interface MarginHook {
  checkMarginOrders(
    tx: Tx,
    orders: readonly { userId: bigint; market: Market }[],
    settings: Settings,
  ): Promise<(AppError | null)[]>;
  /**
   * A margin position's costs (interest, lending fee, 逆日歩) charged at its close, in the close's
   * transaction after the close's own lines: what was charged (the close's P&L counts it).
   */
  settleOnClose(tx: Tx, position: PositionRow, now: number, settings: Settings): Promise<Units>;
  /** A partial close: the part split off takes its share of the accrued costs. */
  onSplit(tx: Tx, fromId: bigint, partId: bigint, part: bigint, total: bigint): Promise<void>;
  /** The costs of positions: accrued to date while open, charged once closed. */
  financingOf(rows: readonly { id: bigint; market: string; status: number }[]): Promise<Map<bigint, Units>>;
}

/** What the trading services are built from (app.ts wires them). */
export interface TradingDeps extends Deps {
  market: MarketDataProvider;
  venue: Venue;
  keys: KeyMarks;
  lending?: LendingHook;
  tax?: TaxHook;
  margin?: MarginHook;
}

export function instrumentOf(market: MarketDataProvider, symbol: string): Instrument {
  const inst = market.instrument(symbol);
  if (!inst) return refuse('trade.unknownSymbol');
  return inst;
}
