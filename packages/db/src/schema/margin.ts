import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** A margin account application (0 pending, 1 approved, 2 rejected). */
export interface MarginAccountTable {
  id: Generated<bigint>;
  user_id: bigint;
  status: ColumnType<0 | 1 | 2, 0 | 1 | 2 | undefined, 0 | 1 | 2>;
  experience: string;
  assets: string;
  income: string;
  risks_understood: boolean;
  agreed_at: Date | null;
  legacy: ColumnType<boolean, boolean | undefined, boolean>;
  reason: string | null;
  created_at: CreatedAt;
  decided_at: Date | null;
  decided_by: bigint | null;
}

export type MarginCallStatus = 'open' | 'met' | 'closed';

/** A margin call (追証) on one market's book of a user. */
export interface MarginCallTable {
  id: Generated<bigint>;
  user_id: bigint;
  market: string;
  amount: bigint;
  ratio_ppm: bigint;
  deadline: Date;
  status: ColumnType<MarginCallStatus, MarginCallStatus | undefined, MarginCallStatus>;
  created_at: Date;
  resolved_at: Date | null;
}

/** One calendar day of one cost of a margin position (interest, lending fee, premium). */
export interface MarginFinancingTable {
  position_id: bigint;
  /** Exchange-local YYYY-MM-DD. */
  day: string;
  kind: 'margin_interest' | 'short_fee' | 'short_premium';
  /** Units (interest, lending fee) or shares (premium). */
  base: bigint;
  /** Yearly ppm (interest, lending fee) or units per share per day (premium). */
  rate: bigint;
  /** When it was charged (at the close); null while accrued and unposted. */
  posted_at: Date | null;
  /** The transfer that charged it (null when its kind's sum rounded to nothing). */
  posted_transfer: bigint | null;
  created_at: CreatedAt;
}

/** Per position and kind, the exact sum (`base × rate`) of its unposted days (numeric: read it cast to text). */
export interface MarginFinancingDueTable {
  position_id: bigint;
  kind: 'margin_interest' | 'short_fee' | 'short_premium';
  numerator: ColumnType<string, string | bigint, string | bigint>;
}

/**
 * Per user and market, the margin held by the user's open margin positions there (above 1× or short, not
 * day trades, filled): kept by triggers on `position` in the transaction of every write (migration 0038).
 */
export interface MarginHeldTable {
  user_id: bigint;
  market: string;
  held: bigint;
}

export interface MarginTables {
  margin_account: MarginAccountTable;
  margin_call: MarginCallTable;
  margin_financing: MarginFinancingTable;
  margin_financing_due: MarginFinancingDueTable;
  margin_held: MarginHeldTable;
}
