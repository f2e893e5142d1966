import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { Id, Timestamp } from './foundation.ts';

/** A created_at the services set from their clock (the database default is only a fallback). */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Flag = ColumnType<boolean, boolean | undefined, boolean>;
type Int = ColumnType<number, number | undefined, number>;

/** An image stored by /common/upload1: random file name, owner, and what its bytes are. */
export interface UploadTable {
  id: Id;
  name: string;
  owner_id: bigint;
  content_type: string;
  size: number;
  sha256: string;
  created_at: CreatedAt;
  /** When its bytes were deleted (the KYC images' retention rule); null while they are kept. */
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** The bytes of a file in the shared store (FILES_STORE=database): encrypted, with the key id in them. */
export interface StoredFileTable {
  name: string;
  bytes: Buffer;
  created_at: ColumnType<Date, Date | undefined, Date>;
}

export type ReviewState = 'pending' | 'approved' | 'rejected';

/** One identity submission. The latest row is the user's verification state; history is kept. */
export interface KycSubmissionTable {
  id: Id;
  user_id: bigint;
  realname: string;
  id_card: string;
  front_upload: string;
  back_upload: string;
  status: ColumnType<ReviewState, ReviewState | undefined, ReviewState>;
  reason: string | null;
  created_at: CreatedAt;
  decided_at: Timestamp | null;
  decided_by: bigint | null;
}

export type BankAccountType = 'ordinary' | 'current' | 'savings';

/** A bank account of a user (soft-deleted so that withdrawals keep pointing at it). */
export interface BankCardTable {
  id: Id;
  user_id: bigint;
  holder: string;
  number: string;
  bank: string;
  branch: string;
  branch_code: string;
  account_type: BankAccountType;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  deleted_at: Timestamp | null;
}

/** Where users send money: one receiving account per row, per currency, with its window. */
export interface DepositChannelTable {
  id: Id;
  currency: string;
  name: string;
  account_name: string;
  account_number: string;
  bank: string;
  branch: string;
  /** HH:MM JST, inclusive at minute resolution. */
  open_from: string;
  open_to: string;
  /** Quick top-up: open every day within its window; otherwise Japanese business days only. */
  quick: Flag;
  enabled: Flag;
  /** Whether a deposit through it asks for the channel password (the operator's choice; default yes). */
  needs_password: Flag;
  sort: Int;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** 0 pending review, 1 approved, 2 rejected. */
export type ReviewStatus = 0 | 1 | 2;

export interface DepositTable {
  id: Id;
  order_no: string;
  user_id: bigint;
  currency: string;
  amount: bigint;
  channel_id: bigint;
  channel_name: string;
  proof_upload: string;
  status: ColumnType<ReviewStatus, ReviewStatus | undefined, ReviewStatus>;
  reason: string | null;
  transfer_id: bigint | null;
  created_at: CreatedAt;
  decided_at: Timestamp | null;
  decided_by: bigint | null;
}

export interface WithdrawalTable {
  id: Id;
  order_no: string;
  user_id: bigint;
  currency: string;
  amount: bigint;
  bank_card_id: bigint;
  /** The bank account as it was when requested. */
  holder: string;
  bank: string;
  branch: string;
  branch_code: string;
  account_number: string;
  account_type: string;
  status: ColumnType<ReviewStatus, ReviewStatus | undefined, ReviewStatus>;
  reason: string | null;
  /** The pending transfer cash → bank that reserves the amount. */
  pending_transfer_id: bigint | null;
  /** The post (approved) or void (rejected) that resolved it. */
  resolve_transfer_id: bigint | null;
  created_at: CreatedAt;
  decided_at: Timestamp | null;
  decided_by: bigint | null;
}

export interface FxExchangeTable {
  id: Id;
  order_no: string;
  user_id: bigint;
  from_currency: string;
  to_currency: string;
  from_amount: bigint;
  to_amount: bigint;
  /** Decimal strings: the rate applied (units of `to` per `from`), the mid rate, the spread in ppm. */
  rate: string;
  mid_rate: string;
  spread_ppm: number;
  created_at: CreatedAt;
}

export interface CreditProfileTable {
  user_id: bigint;
  score: number;
  updated_at: CreatedAt;
}

export interface LoanLimitTable {
  user_id: bigint;
  currency: string;
  amount: bigint;
  updated_at: CreatedAt;
}

/** 0 pending review, 1 borrowed (unpaid), 2 rejected, 3 repaid. */
export type LoanStatus = 0 | 1 | 2 | 3;

export interface LoanTable {
  id: Id;
  order_no: string;
  user_id: bigint;
  currency: string;
  amount: bigint;
  /** Annual interest rate in parts per million, fixed when applying. */
  rate_ppm: number;
  status: ColumnType<LoanStatus, LoanStatus | undefined, LoanStatus>;
  reason: string | null;
  interest_paid: ColumnType<bigint, bigint | undefined, bigint>;
  repay_order_no: string | null;
  created_at: CreatedAt;
  decided_at: Timestamp | null;
  decided_by: bigint | null;
  repaid_at: Timestamp | null;
}

/** A line of the user's fund records (capital log), written with the posted transfer it describes. */
export interface FundRecordTable {
  id: Id;
  user_id: bigint;
  currency: string;
  type: string;
  order_no: string;
  /** Signed: + into the cash account, − out of it. */
  amount: bigint;
  /** The cash account's posted balance right after the transfer. */
  balance: bigint;
  transfer_id: bigint;
  ref: string | null;
  stock_name: string | null;
  stock_code: string | null;
  product_name: string | null;
  issuer: string | null;
  memo: string | null;
  created_at: CreatedAt;
}

/** The first reply of a money call made with an Idempotency-Key (per user, path and key). */
export interface IdempotencyKeyTable {
  user_id: bigint;
  path: string;
  key: string;
  /**
   * 'pending' while the first request runs; 'applied' once its operation committed (in the same
   * transaction); 'done' when its reply is stored.
   */
  state: 'pending' | 'applied' | 'done';
  http_status: number | null;
  reply: string | null;
  created_at: Timestamp;
}

/** Last money call per user and path without a key: a second one within seconds is a double tap. */
export interface RequestGuardTable {
  user_id: bigint;
  path: string;
  last_at: Timestamp;
}

export type OperatorRole = 'reviewer' | 'operator' | 'admin';

export interface OperatorTable {
  id: Id;
  username: string;
  password_hash: string;
  role: OperatorRole;
  disabled: Flag;
  failed_logins: Int;
  locked_until: Timestamp | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface OperatorSessionTable {
  id: Id;
  operator_id: bigint;
  token_hash: string;
  created_at: CreatedAt;
  last_seen_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  ip: string | null;
}

/** Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE). */
export interface AuditLogTable {
  id: Generated<bigint>;
  operator_id: bigint | null;
  operator_name: string;
  action: string;
  target: string;
  reason: string;
  detail: JSONColumnType<Record<string, unknown>>;
  created_at: CreatedAt;
}

export interface DepositPrecheckTable {
  user_id: bigint;
  checked_at: Date;
}

export interface MoneyTables {
  deposit_precheck: DepositPrecheckTable;
  upload: UploadTable;
  stored_file: StoredFileTable;
  kyc_submission: KycSubmissionTable;
  bank_card: BankCardTable;
  deposit_channel: DepositChannelTable;
  deposit: DepositTable;
  withdrawal: WithdrawalTable;
  fx_exchange: FxExchangeTable;
  credit_profile: CreditProfileTable;
  loan_limit: LoanLimitTable;
  loan: LoanTable;
  fund_record: FundRecordTable;
  idempotency_key: IdempotencyKeyTable;
  request_guard: RequestGuardTable;
  operator: OperatorTable;
  operator_session: OperatorSessionTable;
  audit_log: AuditLogTable;
}
