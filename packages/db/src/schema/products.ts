import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { Timestamp } from './foundation.ts';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Amount = ColumnType<bigint, bigint | undefined, bigint>;
type Status = ColumnType<number, number | undefined, number>;

/** A copy-trade product (model portfolio): 0 listed, 1 delisted (no new follows), 2 ended. */
export interface ProductTable {
  id: Generated<bigint>;
  market: string;
  name_jp: string;
  name_cn: string;
  name_us: string;
  issuer: string;
  /** Stated daily target return in basis points (shown as a target, never paid). */
  target_bp: number;
  minimum: bigint;
  capacity: bigint;
  /** Invested by every stake so far. */
  raised: Amount;
  lock_days: number;
  /** Exchange-local date the NAV was 1.0000. */
  inception: string;
  deadline_at: Timestamp;
  ends_at: Timestamp;
  status: Status;
  ended_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** A constituent of a product now: weight in basis points, shares per product unit × 10^12. */
export interface ProductConstituentTable {
  product_id: bigint;
  symbol: string;
  weight_bp: number;
  qty: bigint;
}

/** The NAV fixed at a close (exchange-local date). */
export interface ProductNavTable {
  product_id: bigint;
  date: string;
  nav: bigint;
  fixed_at: CreatedAt;
}

export interface RebalanceWeight {
  symbol: string;
  weight_bp: number;
  price: string;
}

export interface ProductRebalanceTable {
  id: Generated<bigint>;
  product_id: bigint;
  operator_id: bigint | null;
  reason: string;
  nav: bigint;
  before: JSONColumnType<RebalanceWeight[]>;
  after: JSONColumnType<RebalanceWeight[]>;
  created_at: CreatedAt;
}

/** A user's stake: 0 following, 1 ended, 2 locked (inside the lock-in). Amounts in units (scale 4). */
export interface ProductStakeTable {
  id: Generated<bigint>;
  product_id: bigint;
  user_id: bigint;
  order_no: string;
  market: string;
  /** Invested. */
  amount: bigint;
  /** Product units at scale 4. */
  units: bigint;
  entry_nav: bigint;
  /** The NAV the last booked day ended at (the entry NAV before the first). */
  last_nav: bigint;
  last_date: string | null;
  /** Money still in the stake (the invested amount less the losses booked). */
  stake: bigint;
  /** P&L booked so far (gains paid − losses taken). */
  profit: Amount;
  status: number;
  lock_until: Timestamp;
  created_at: CreatedAt;
  ended_at: Timestamp | null;
}

/** One booked day of a stake; the key (stake, date) books a day once. */
export interface ProductStakeDayTable {
  stake_id: bigint;
  date: string;
  nav: bigint;
  pnl: bigint;
  transfer_id: bigint | null;
  created_at: CreatedAt;
}

export interface ProductTables {
  product: ProductTable;
  product_constituent: ProductConstituentTable;
  product_nav: ProductNavTable;
  product_rebalance: ProductRebalanceTable;
  product_stake: ProductStakeTable;
  product_stake_day: ProductStakeDayTable;
}
