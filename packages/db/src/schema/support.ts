import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './foundation.ts';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** A user's message to support: 0 open, 1 replied (once, by an operator). */
export interface SupportMessageTable {
  id: Generated<bigint>;
  user_id: bigint;
  body: string;
  status: ColumnType<number, number | undefined, number>;
  reply: string | null;
  replied_by: bigint | null;
  replied_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface SupportTables {
  support_message: SupportMessageTable;
}
