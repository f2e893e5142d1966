import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './foundation.ts';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Amount = ColumnType<bigint, bigint | undefined, bigint>;

/** A corporate action as announced; applied once (`applied_at`), a dividend paid once (`paid_at`). */
export interface CorporateActionTable {
  id: Generated<bigint>;
  market: string;
  symbol: string;
  kind: 'split' | 'dividend';
  ex_date: string;
  record_date: string;
  payment_date: string;
  /** Split: `ratio_num` shares after for every `ratio_den` before (1/1 for a dividend). */
  ratio_num: Amount;
  ratio_den: Amount;
  /** Dividend per share (units of the market's currency; 0 for a split). */
  cash: Amount;
  /** Withholding at source (ppm). */
  source_ppm: Amount;
  prev_close: bigint | null;
  base: bigint | null;
  /** Positions adjusted when applied. */
  positions: ColumnType<number, number | undefined, number>;
  applied_at: Timestamp | null;
  paid_at: Timestamp | null;
  /** The last position id the applying pass covers (fixed when it starts). */
  upto: bigint | null;
  /** The last position id the applying pass has done (each batch moves it in its own transaction). */
  cursor: bigint | null;
  created_at: CreatedAt;
}

/** What one position was entitled to (or charged) for a dividend. */
export interface DividendEntitlementTable {
  id: Generated<bigint>;
  action_id: bigint;
  user_id: bigint;
  position_id: bigint;
  role: 'holder' | 'lender' | 'margin_long' | 'short';
  quantity: bigint;
  gross: bigint;
  foreign_tax: Amount;
  national_tax: Amount;
  local_tax: Amount;
  /** Signed: + paid to the user, − charged. */
  amount: bigint;
  /** The transfer that booked it on the ex-date. */
  transfer_id: bigint | null;
  /** The transfer that paid it on the payment date (a holder's or a lender's). */
  paid_transfer_id: bigint | null;
  /** The transfers that withheld a holder's dividend tax on the payment date (national, local). */
  national_transfer: bigint | null;
  local_transfer: bigint | null;
  paid_at: Timestamp | null;
}

export interface CorporateActionTables {
  corporate_action: CorporateActionTable;
  dividend_entitlement: DividendEntitlementTable;
}
