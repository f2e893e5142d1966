import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './foundation.ts';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/**
 * A day-trading application and its line: 0 in review (held), 1 approved (the line), 2 rejected,
 * 3 trading, 4 complete (settled), 5 failed. Amounts in units (scale 4).
 */
export interface DayTradeApplicationTable {
  id: Generated<bigint>;
  user_id: bigint;
  order_no: string;
  market: string;
  currency: string;
  /** The participation amount: held, then the line. */
  amount: bigint;
  /** The exchange-local trading day (YYYY-MM-DD) the line is for. */
  trade_date: string;
  hold_transfer: bigint;
  status: ColumnType<number, number | undefined, number>;
  /** The operator's reason of a rejection. */
  reason: string | null;
  /** What the settlement returned to cash, and the day's P&L (payout − amount). */
  payout: bigint | null;
  pnl: bigint | null;
  created_at: CreatedAt;
  decided_at: Timestamp | null;
  decided_by: bigint | null;
  settled_at: Timestamp | null;
}

/** Which line a day-trade position was opened against. */
export interface DayTradePositionTable {
  position_id: bigint;
  application_id: bigint;
}

export interface DayTradeTables {
  day_trade_application: DayTradeApplicationTable;
  day_trade_position: DayTradePositionTable;
}
