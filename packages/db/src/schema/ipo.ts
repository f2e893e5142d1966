import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './foundation.ts';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/**
 * A new-share offering. `state` 0 scheduled, 1 drawn, 2 listed, 3 cancelled. Prices in bigint units;
 * `offer_price` null until priced (applications hold the top of the range until then).
 */
export interface IpoOfferingTable {
  id: Generated<bigint>;
  code: string;
  market: string;
  board: string;
  name_jp: string;
  name_cn: string;
  name_us: string;
  range_low: bigint;
  range_high: bigint;
  offer_price: bigint | null;
  shares: bigint;
  max_per_application: bigint;
  subscribe_start: Timestamp;
  subscribe_end: Timestamp;
  lottery_at: Timestamp;
  payment_deadline: Timestamp;
  listing_at: Timestamp;
  underwriter: ColumnType<string, string | undefined, string>;
  per: ColumnType<string, string | undefined, string>;
  state: ColumnType<number, number | undefined, number>;
  /** Hex seed of the draw (kept secret until drawn) and its SHA-256, published when subscriptions open. */
  seed: string | null;
  commitment: string | null;
  /** SHA-256 of the sorted entry list (`entryListText`), published when the window closes; null before. */
  entries_commitment: ColumnType<string | null, string | null | undefined, string | null>;
  waitlist: ColumnType<number, number | undefined, number>;
  draw_mode: ColumnType<'ticket' | 'units', 'ticket' | 'units' | undefined, 'ticket' | 'units'>;
  /** The draw as recorded (JSON: [{id, outcome, lots, rank}]), null until drawn. */
  result: string | null;
  /** The listing's first price (the IPO model under the opening rules), set when it lists. */
  first_price: bigint | null;
  drawn_at: Timestamp | null;
  listed_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** An application: status as on the wire (0 applied, 1 held, 2 paid, 3 not won, 4 abstained, 5 listed). */
export interface IpoApplicationTable {
  id: Generated<bigint>;
  offering_id: bigint;
  user_id: bigint;
  order_no: string;
  quantity: bigint;
  /** Price per share the amount was computed at (offer price, or the top of the range before pricing). */
  price: bigint;
  amount: bigint;
  status: number;
  outcome: ColumnType<
    'pending' | 'won' | 'waitlisted' | 'lost',
    'pending' | 'won' | 'waitlisted' | 'lost' | undefined,
    'pending' | 'won' | 'waitlisted' | 'lost'
  >;
  rank: number | null;
  /** Shares allotted and the money paid for them. */
  allotted: ColumnType<bigint, bigint | undefined, bigint>;
  paid: ColumnType<bigint, bigint | undefined, bigint>;
  /** The pending transfer holding the amount (null when nothing is held). */
  hold_transfer: bigint | null;
  position_id: bigint | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface IpoTables {
  ipo_offering: IpoOfferingTable;
  ipo_application: IpoApplicationTable;
}
