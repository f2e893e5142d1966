import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** An operator's market closure: the market does not trade that day, or closes early at `close_at`. */
export interface MarketClosureTable {
  id: Generated<bigint>;
  market: string;
  /** Exchange-local date `YYYY-MM-DD`. */
  date: string;
  kind: 'closed' | 'half_day';
  close_at: string | null;
  name: string;
  reason: string;
  created_by: bigint | null;
  created_at: CreatedAt;
}

/** The cash a sale (a position's close) brought in, withdrawable from `settles_on`. */
export interface SaleProceedsTable {
  id: Generated<bigint>;
  user_id: bigint;
  currency: string;
  position_id: bigint;
  trade_date: string;
  settles_on: string;
  amount: bigint;
  created_at: CreatedAt;
}

export interface CalendarTables {
  market_closure: MarketClosureTable;
  sale_proceeds: SaleProceedsTable;
}
