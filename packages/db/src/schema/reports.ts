import type { ColumnType, Generated } from 'kysely';

/** trade 取引報告書 (a JST date's fills), balance 取引残高報告書 (a quarter), annual 年間取引報告書 (a tax year). */
export type ReportKind = 'trade' | 'balance' | 'annual';

/** A report made once: its PDF in the file store under `file`, with its SHA-256 and size. */
export interface ReportTable {
  id: Generated<bigint>;
  user_id: bigint;
  kind: ReportKind;
  /** The period's first and last JST dates (YYYY-MM-DD). */
  period_start: string;
  period_end: string;
  file: string;
  sha256: string;
  size: number;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ReportTables {
  report: ReportTable;
}
