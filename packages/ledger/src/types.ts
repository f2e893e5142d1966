import type { Currency, Units } from '@kabuto/domain';

export type AccountId = bigint;
export type TransferId = bigint;

/**
 * Accounts every user may have, one per currency: `cash`, `margin` (held in open positions), `loan` (what
 * is owed), `stake` (money in copy-trade products: the user's, counted in frozen and total assets),
 * `day_trade` (a day-trading line: the approved amount and what its positions return, until it settles),
 * `allotment` (paid IPO allotments awaiting listing) and `dividend` (dividends gone ex, paid to cash on
 * the payment date): the last two are the user's money, counted in frozen and total assets.
 * `shortfall` (不足金, debit-normal like `loan`): a margin loss beyond the collateral, owed by the user until
 * deposits repay it.
 */
export const USER_ACCOUNT_KINDS = [
  'cash',
  'margin',
  'loan',
  'stake',
  'day_trade',
  'allotment',
  'dividend',
  'shortfall',
] as const;
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];

/** The platform's side of every movement, one per currency (and shard, see `PLATFORM_SHARDS`). */
export const PLATFORM_ACCOUNT_KINDS = [
  'bank',
  'fees',
  'fx',
  'loans',
  'counterparty',
  'ipo',
  'products',
  'tax_withheld',
] as const;
export type PlatformAccountKind = (typeof PLATFORM_ACCOUNT_KINDS)[number];

export type AccountKind = UserAccountKind | PlatformAccountKind;
export const ACCOUNT_KINDS: readonly AccountKind[] = [...USER_ACCOUNT_KINDS, ...PLATFORM_ACCOUNT_KINDS];

export const isUserAccountKind = (v: string): v is UserAccountKind =>
  (USER_ACCOUNT_KINDS as readonly string[]).includes(v);
export const isPlatformAccountKind = (v: string): v is PlatformAccountKind =>
  (PLATFORM_ACCOUNT_KINDS as readonly string[]).includes(v);

/** Account flags (a bit set, as stored in `ledger_account.flags`). */
export const AccountFlags = {
  /** debits_pending + debits_posted ≤ credits_posted: the account can never be overdrawn. */
  debitsMustNotExceedCredits: 1,
  /** credits_pending + credits_posted ≤ debits_posted: e.g. a loan cannot be over-repaid. */
  creditsMustNotExceedDebits: 2,
  /** Refuses new transfers and posts; a void (which only releases a reservation) is still allowed. */
  closed: 4,
} as const;

/**
 * Flags an account gets when it is created: user cash, margin and stake cannot go below zero; a user's loan
 * account (debit-normal: what the user owes) cannot be repaid beyond what is owed.
 */
export function defaultAccountFlags(kind: AccountKind): number {
  switch (kind) {
    case 'cash':
    case 'margin':
    case 'stake':
    case 'day_trade':
    case 'allotment':
    case 'dividend':
      return AccountFlags.debitsMustNotExceedCredits;
    case 'loan':
    case 'shortfall':
      return AccountFlags.creditsMustNotExceedDebits;
    default:
      return 0;
  }
}

/** Transfer flags (a bit set, as stored in `ledger_transfer.flags`). */
export const TransferFlags = {
  /** Part of a multi-transfer batch and not its last transfer (the batch was applied all-or-nothing). */
  linked: 1,
  pending: 2,
  postPending: 4,
  voidPending: 8,
} as const;

/**
 * Why money moved. Stored on every transfer; fund records and statements group by it.
 * Adding a reason is a code change here (the database only checks the shape).
 */
export const TRANSFER_CODES = [
  'deposit',
  'withdrawal',
  'exchange',
  'margin_hold',
  'margin_release',
  'fee',
  'stamp_duty',
  'pnl',
  'loan',
  'repay',
  'interest',
  'ipo',
  'ipo_refund',
  'product',
  'product_refund',
  'product_profit',
  'lending',
  'block_trade',
  'day_trade',
  'adjustment',
  'dividend',
  'manufactured_dividend',
  'split',
  'tax_national',
  'tax_local',
  // a dividend's Japanese tax, national and local in one transfer (the parts on its entitlement)
  'tax_dividend',
  'shortfall',
  'shortfall_repay',
  'margin_interest',
  'short_fee',
  'short_premium',
] as const;
export type TransferCode = (typeof TRANSFER_CODES)[number];
export const isTransferCode = (v: unknown): v is TransferCode =>
  typeof v === 'string' && (TRANSFER_CODES as readonly string[]).includes(v);

/** single: posted at once; pending: reserves; post / void: resolve a pending transfer (once). */
export type TransferType = 'single' | 'pending' | 'post' | 'void';

export interface Account {
  id: AccountId;
  /** User id; null for a platform account. */
  owner: bigint | null;
  currency: Currency;
  kind: AccountKind;
  flags: number;
  debitsPending: Units;
  debitsPosted: Units;
  creditsPending: Units;
  creditsPosted: Units;
}

export interface Transfer {
  id: TransferId;
  type: TransferType;
  debitAccountId: AccountId;
  creditAccountId: AccountId;
  /** For a post: the amount posted; for a void: the amount released. Always > 0. */
  amount: Units;
  currency: Currency;
  code: TransferCode;
  flags: number;
  /** For a post or a void: the pending transfer it resolves. */
  pendingId: TransferId | null;
  operationRef: string | null;
  memo: string | null;
  createdAt: Date;
}

interface RequestCommon {
  /** The business operation that caused the movement, e.g. `withdrawal:42` (for look-ups and audit). */
  operationRef?: string | null;
  /** Free text, e.g. an operator's reason for an adjustment. */
  memo?: string | null;
}

interface DirectRequestCommon extends RequestCommon {
  debitAccountId: AccountId;
  creditAccountId: AccountId;
  amount: Units;
  /** Must be the currency of both accounts. */
  currency: Currency;
  code: TransferCode;
}

/** Move money now. */
export interface SingleTransferRequest extends DirectRequestCommon {
  type: 'single';
}

/** Reserve money: counted in debits_pending / credits_pending until posted or voided. */
export interface PendingTransferRequest extends DirectRequestCommon {
  type: 'pending';
}

export type DirectTransferRequest = SingleTransferRequest | PendingTransferRequest;

/** Post a pending transfer: all of it (amount omitted) or part; the rest of the reservation is released. */
export interface PostTransferRequest extends RequestCommon {
  type: 'post';
  pendingId: TransferId;
  amount?: Units;
  /** Defaults to the pending transfer's code. */
  code?: TransferCode;
}

/** Release a pending transfer's reservation entirely. */
export interface VoidTransferRequest extends RequestCommon {
  type: 'void';
  pendingId: TransferId;
  code?: TransferCode;
}

export type TransferRequest = DirectTransferRequest | PostTransferRequest | VoidTransferRequest;

/** Largest value of a balance column or amount (PostgreSQL int8). */
export const MAX_AMOUNT: Units = 2n ** 63n - 1n;
/** Largest batch `createTransfers` accepts. */
export const MAX_BATCH = 1000;
/**
 * Largest batch a bulk job may pass (`{ bulk: true }`: a corporate action's or a lending accrual's
 * batch, in a transaction of its own): one lock of its accounts and one write for the whole batch,
 * where chunks of `MAX_BATCH` lock them again each.
 */
export const MAX_BULK_BATCH = 10_000;

/** Posted balance of a credit-normal account (cash, margin): credits_posted − debits_posted. */
export const postedBalance = (a: Account): Units => a.creditsPosted - a.debitsPosted;

/** What a user can spend from a cash account: credits_posted − debits_posted − debits_pending. */
export const availableBalance = (a: Account): Units => a.creditsPosted - a.debitsPosted - a.debitsPending;

/** What is owed on a debit-normal account (a user's loan): debits_posted − credits_posted. */
export const owedBalance = (a: Account): Units => a.debitsPosted - a.creditsPosted;
