import type { Currency, POSITION_STATUS, Units } from '@kabuto/domain';

/**
 * Whether a user holds open stock positions (no withdrawal while stocks are held, when `withdraw_block_positions` says so). The trading
 * module owns positions and answers (`hasOpenPositions` in its repo); app.ts hands it to the funds area.
 */
export type OpenPositionsCheck = (userId: bigint) => Promise<boolean>;

/**
 * A position a product hands out already filled: a leverage-1 long at the product's price (a new share
 * at its listing, a block trade's allocation), written in the product's transaction by the trading repo's
 * batch insert, which app.ts passes in. `source` says which product.
 */
export interface FilledPosition<Source extends string> {
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
  source: Source;
  created_at: Date;
  filled_at: Date;
  updated_at: Date;
}

/** A user's open positions valued at current quotes: how many, and their unrealised P&L per currency. */
export interface PositionsValue {
  count: number;
  pnl: Partial<Record<Currency, Units>>;
}
/** The trading module values a user's open positions (`positionValuation`); app.ts hands it over. */
export type PositionsValuation = (userId: bigint) => Promise<PositionsValue>;
