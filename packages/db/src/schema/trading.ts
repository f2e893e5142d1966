import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './foundation.ts';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Amount = ColumnType<bigint, bigint | undefined, bigint>;

/** A symbol on a user's watchlist of one market. */
export interface WatchlistTable {
  id: Generated<bigint>;
  user_id: bigint;
  market: string;
  symbol: string;
  created_at: CreatedAt;
}

/**
 * An order and the position it opens. Status is the wire's: 0 holding, 1 closed, 2 preparing to close,
 * 3 pending (limit order waiting), 4 cancelled. Amounts and prices are bigint units (scale 4).
 */
export type PositionSource = 'order' | 'new_share' | 'block' | 'after_market';

export interface PositionTable {
  id: Generated<bigint>;
  user_id: bigint;
  order_no: string;
  market: string;
  symbol: string;
  /** 1 long, 2 short. */
  direction: number;
  /** 1 market, 2 limit. */
  order_type: number;
  leverage: number;
  quantity: bigint;
  limit_price: bigint | null;
  /** Fill price; null while pending. */
  open_price: bigint | null;
  close_price: bigint | null;
  /** Margin held (notional / leverage). */
  margin: bigint;
  buy_fee: Amount;
  sell_fee: Amount;
  stamp_duty: Amount;
  /** Realised P&L after every fee, once closed. */
  pnl: bigint | null;
  status: ColumnType<number, number | undefined, number>;
  /** Pending transfers of a limit order (margin, fee); null for market orders. */
  hold_margin_transfer: bigint | null;
  hold_fee_transfer: bigint | null;
  close_reason: string | null;
  /** Where it came from: order, new_share (IPO allotment), block (block-trade allocation), after_market. */
  source: ColumnType<PositionSource, PositionSource | undefined, PositionSource>;
  /** A day-trading position (force-closed before the close). */
  day_trade: ColumnType<boolean, boolean | undefined, boolean>;
  /** Lent to the platform (stock lending): the position row's "lent" mark. */
  lent: ColumnType<boolean, boolean | undefined, boolean>;
  /** When it executes: 'any' (continuous trading and calls), 'open' (寄成/寄指) or 'close' (引成/引指). */
  timing: ColumnType<string, string | undefined, string>;
  /** Last exchange-local day a pending order is valid (null: the day it was placed). */
  valid_until: string | null;
  /** The call auction a pending order waits for (null: it rests in continuous trading). */
  waits_for: Timestamp | null;
  /** A market order waiting at a locked daily limit for the close's allocation. */
  locked: ColumnType<boolean, boolean | undefined, boolean>;
  /** Bought into NISA (a cash purchase, tax-free). */
  nisa: ColumnType<boolean, boolean | undefined, boolean>;
  /** The yen the order counted against the NISA quota (set on the original order only, not its splits). */
  nisa_amount: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  /** A partial close: the position this closed part was split from. */
  split_from: bigint | null;
  created_at: CreatedAt;
  filled_at: Timestamp | null;
  closed_at: Timestamp | null;
  updated_at: CreatedAt;
}

/** An exit order on a position (limit, stop, stop-limit, trailing stop; OCO pairs; IFD legs). */
export interface ExitOrderTable {
  id: Generated<bigint>;
  user_id: bigint;
  position_id: bigint;
  market: string;
  symbol: string;
  /** The position's direction: 1 long (the exit sells), 2 short (the exit buys to cover). */
  side: number;
  kind: 'limit' | 'stop' | 'stop_limit' | 'trail';
  /** Shares to close (null: the whole position). */
  quantity: bigint | null;
  limit_price: bigint | null;
  stop_price: bigint | null;
  trail_amount: bigint | null;
  trail_ppm: bigint | null;
  /** A trailing stop's best price so far. */
  extreme: bigint | null;
  status: 'waiting' | 'working' | 'triggered' | 'filled' | 'cancelled' | 'expired';
  oco_with: bigint | null;
  fill_price: bigint | null;
  /** The position the fill closed (the holding itself, or the part split off it). */
  closed_position_id: bigint | null;
  created_at: CreatedAt;
  fired_at: Timestamp | null;
  updated_at: CreatedAt;
}

export interface TradingTables {
  watchlist: WatchlistTable;
  position: PositionTable;
  exit_order: ExitOrderTable;
}
