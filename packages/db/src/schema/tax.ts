import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Amount = ColumnType<bigint, bigint | undefined, bigint>;

/** withholding 源泉徴収あり (the default), no_withholding 源泉徴収なし, general 一般口座. */
export type TaxAccountKindColumn = 'withholding' | 'no_withholding' | 'general';

/** A user's account type and NISA (no row: withholding, no NISA). */
export interface TaxAccountTable {
  user_id: bigint;
  kind: ColumnType<TaxAccountKindColumn, TaxAccountKindColumn | undefined, TaxAccountKindColumn>;
  nisa: ColumnType<boolean, boolean | undefined, boolean>;
  /** The tax year of the user's own last choice (null: never chosen). */
  chosen_year: number | null;
  updated_at: CreatedAt;
}

/** The moving-average book of one stock (yen, whole yen per share). */
export interface TaxBookTable {
  user_id: bigint;
  symbol: string;
  nisa: boolean;
  quantity: bigint;
  unit_cost: bigint;
  updated_at: CreatedAt;
}

/** A cash purchase folded into its book, once. */
export interface TaxAcquisitionTable {
  position_id: bigint;
  user_id: bigint;
  symbol: string;
  nisa: boolean;
  quantity: bigint;
  cost: bigint;
  acquired_at: Date;
}

/** A tax year's net realised gain and the tax withheld so far (yen units). */
export interface TaxYearTable {
  user_id: bigint;
  year: number;
  net: Amount;
  /** Dividends received into the account this year (yen), netted with its losses. */
  dividends: Amount;
  national: Amount;
  local: Amount;
}

/** One taxable close: yen proceeds, cost and gain; tax withheld (+) or refunded (−). */
export interface TaxEventTable {
  id: Generated<bigint>;
  user_id: bigint;
  position_id: bigint;
  year: number;
  kind: TaxAccountKindColumn | 'nisa';
  market: string;
  symbol: string;
  quantity: bigint;
  proceeds: bigint;
  cost: bigint;
  gain: bigint;
  national: Amount;
  local: Amount;
  national_transfer: bigint | null;
  local_transfer: bigint | null;
  created_at: Date;
}

export interface TaxTables {
  tax_account: TaxAccountTable;
  tax_book: TaxBookTable;
  tax_acquisition: TaxAcquisitionTable;
  tax_year: TaxYearTable;
  tax_event: TaxEventTable;
}
