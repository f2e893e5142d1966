import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './foundation.ts';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Amount = ColumnType<bigint, bigint | undefined, bigint>;

/** A block-trade offering: 0 open (or scheduled), 1 allocated, 2 cancelled. Prices in units (scale 4). */
export interface BlockOfferingTable {
  id: Generated<bigint>;
  market: string;
  symbol: string;
  price: bigint;
  /** Shares available (a multiple of 100). */
  shares: bigint;
  min_shares: Amount;
  /** argon2 hash of the private placement's password; null for a public offering. */
  password_hash: string | null;
  start_at: Timestamp;
  end_at: Timestamp;
  /** The allocation's seed (hex): revealed once allocated. */
  seed: string;
  /** SHA-256 of the seed (hex), shown from the start. */
  commitment: string;
  /** SHA-256 of the sorted entry list (`entryListText`), published when the window closes; null before. */
  entries_commitment: ColumnType<string | null, string | null | undefined, string | null>;
  status: ColumnType<number, number | undefined, number>;
  /** Shares subscribed so far / allocated at the close. */
  subscribed: Amount;
  allocated: Amount;
  allocated_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** A user's subscription: 0 pending (held, frozen), 1 allocated, 2 refunded. */
export interface BlockSubscriptionTable {
  id: Generated<bigint>;
  offering_id: bigint;
  user_id: bigint;
  order_no: string;
  quantity: bigint;
  price: bigint;
  /** Money held: price × quantity. */
  amount: bigint;
  hold_transfer: bigint;
  allocated: Amount;
  status: ColumnType<number, number | undefined, number>;
  position_id: bigint | null;
  created_at: CreatedAt;
  decided_at: Timestamp | null;
}

export interface BlockTables {
  block_offering: BlockOfferingTable;
  block_subscription: BlockSubscriptionTable;
}
