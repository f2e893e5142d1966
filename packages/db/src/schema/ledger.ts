import type { ColumnType, Generated } from 'kysely';

/** A balance column: read as bigint, defaulted on insert, written only by the ledger. */
type Balance = ColumnType<bigint, bigint | undefined, bigint>;

/**
 * One account of the double-entry ledger. `owner` is the user id, or null for a platform account.
 * Balances are never updated by hand: only `@kabuto/ledger` writes them, in the same statement as
 * the transfers that move them. Enumerations (currency, kind, flags) are owned by `@kabuto/ledger`.
 */
export interface LedgerAccountTable {
  id: Generated<bigint>;
  owner: bigint | null;
  currency: string;
  kind: string;
  /** Platform accounts only: which of a kind's shards (0 for every user account). */
  shard: ColumnType<number, number | undefined, never>;
  /** Bit set: 1 debits_must_not_exceed_credits, 2 credits_must_not_exceed_debits, 4 closed. */
  flags: ColumnType<number, number | undefined, number>;
  debits_pending: Balance;
  debits_posted: Balance;
  credits_pending: Balance;
  credits_posted: Balance;
  created_at: Generated<Date>;
}

/** An immutable transfer (a trigger refuses UPDATE, DELETE and TRUNCATE). */
export interface LedgerTransferTable {
  id: Generated<bigint>;
  debit_account: bigint;
  credit_account: bigint;
  amount: bigint;
  currency: string;
  code: string;
  /** Bit set: 1 linked, 2 pending, 4 post_pending, 8 void_pending. */
  flags: ColumnType<number, number | undefined, number>;
  /** For a post or void: the pending transfer it resolves (unique: resolved at most once). */
  pending_id: bigint | null;
  /** The business operation that caused it, e.g. `withdrawal:42`. */
  operation_ref: string | null;
  memo: string | null;
  created_at: Generated<Date>;
}

export interface LedgerTables {
  ledger_account: LedgerAccountTable;
  ledger_transfer: LedgerTransferTable;
}
