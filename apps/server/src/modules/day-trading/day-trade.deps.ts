import type { Tx, UserState } from '@kabuto/db';
import type { Direction, Units } from '@kabuto/domain';
import type { MarketDataProvider } from '@kabuto/market';
import type { Deps } from '../../deps.ts';
import type { IdempotencyState } from '../../shared/idempotency-keys.ts';
import type { IdentityLookup } from '../../shared/identity.ts';
import type { Settings } from '../../shared/settings.ts';
import type { DayPositionRow } from './day-trade.repo.ts';

/** A request's idempotency key as the route passes it in (marked applied in the operation's transaction). */
export type OperationKey = IdempotencyState;

/** The user, as authentication read it this request (passed in by the route). */
export interface DayTrader {
  id: bigint;
  state: UserState;
  hasFundPassword: boolean;
}

/** A day-trade position as it is written: a filled market order against the line. */
export interface DayTradePosition {
  user_id: bigint;
  order_no: string;
  market: string;
  symbol: string;
  direction: Direction;
  order_type: 1;
  leverage: number;
  quantity: bigint;
  limit_price: null;
  open_price: bigint;
  margin: bigint;
  buy_fee: bigint;
  stamp_duty: bigint;
  status: 0;
  hold_margin_transfer: null;
  hold_fee_transfer: null;
  source: 'order';
  day_trade: true;
  created_at: Date;
  filled_at: Date;
  updated_at: Date;
}

/**
 * What the day-trading service is built from. app.ts hands in the trading module's position insert and
 * its close (a day-trade position is closed by the normal close, which settles it into the line), the
 * market's fill price, the KYC lookup and the loans' unpaid check (the suitability at review).
 */
export interface DayTradeDeps extends Deps {
  market: MarketDataProvider;
  /** The price a market order fills at now, or null when there is none. */
  marketFill(symbol: string, direction: Direction, now: number): Units | null;
  keys: { markApplied(tx: Tx, key: OperationKey | undefined): Promise<void> };
  insertPositions(tx: Tx, rows: readonly DayTradePosition[]): Promise<{ id: bigint; order_no: string }[]>;
  /** Close a locked holding at market (the trading module's close path). */
  closeLocked(
    tx: Tx,
    pos: DayPositionRow,
    reason: 'user' | 'forced',
    now: number,
    settings: Settings,
  ): Promise<{ price: Units; pnl: Units }>;
  /** Lock a position by id (any user). */
  lockPosition(tx: Tx, id: bigint): Promise<DayPositionRow | undefined>;
  identity: IdentityLookup;
  hasUnpaidLoan(userId: bigint): Promise<boolean>;
}
