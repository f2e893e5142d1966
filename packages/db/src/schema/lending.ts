import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './foundation.ts';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Amount = ColumnType<bigint, bigint | undefined, bigint>;

/** A loan of shares: 0 lent, 1 recalled. Amounts in units (scale 4) of the market's currency. */
export interface StockLoanTable {
  id: Generated<bigint>;
  user_id: bigint;
  position_id: bigint;
  market: string;
  symbol: string;
  quantity: bigint;
  /** Annual rate (ppm) of the last accrual; the rate when lent before the first. */
  rate_ppm: bigint;
  status: ColumnType<number, number | undefined, number>;
  accrued: Amount;
  paid: Amount;
  /** Last calendar day accrued (exchange-local YYYY-MM-DD); null before the first close. */
  accrued_through: string | null;
  recall_reason: 'user' | 'sell' | null;
  lent_at: CreatedAt;
  recalled_at: Timestamp | null;
  updated_at: CreatedAt;
}

/** One calendar day of a loan's fee, valued at the close that covers it. */
export interface StockLoanAccrualTable {
  loan_id: bigint;
  day: string;
  close_day: string;
  close: bigint;
  value: bigint;
  rate_ppm: bigint;
  fee: bigint;
  /** The transfer that paid it; null until paid. */
  paid_transfer: bigint | null;
  created_at: CreatedAt;
}

export interface LendingTables {
  stock_loan: StockLoanTable;
  stock_loan_accrual: StockLoanAccrualTable;
}
