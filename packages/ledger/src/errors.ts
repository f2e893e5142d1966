import type { Currency } from '@kabuto/domain';
import type { AccountId, AccountKind, TransferId } from './types.ts';

/**
 * Why the ledger refused. When a batch has several problems, the first transfer (in batch order) that
 * fails is reported, and within one transfer the checks run in this order:
 *
 * - single / pending: `invalid_amount`, `invalid_code`, `same_account`, `account_not_found` (debit,
 *   then credit), `currency_mismatch`, `account_closed` (debit, then credit), `overflow`,
 *   `exceeds_credits` (debit account), `exceeds_debits` (credit account);
 * - post: `pending_not_found`, `pending_already_resolved`, `invalid_amount`, `amount_exceeds_pending`,
 *   `invalid_code`, `account_closed`, `overflow`;
 * - void: `pending_not_found`, `pending_already_resolved`, `invalid_code`.
 *
 * `batch_too_large` and `account_not_found` / `invalid_flags` from account calls complete the list.
 */
export const LEDGER_ERROR_CODES = [
  'batch_too_large',
  'invalid_amount',
  'invalid_code',
  'invalid_flags',
  'same_account',
  'account_not_found',
  'currency_mismatch',
  'account_closed',
  'overflow',
  'exceeds_credits',
  'exceeds_debits',
  'pending_not_found',
  'pending_already_resolved',
  'amount_exceeds_pending',
] as const;
export type LedgerErrorCode = (typeof LEDGER_ERROR_CODES)[number];

/** The account a refusal is about, so a caller can say "insufficient available balance" precisely. */
export interface LedgerErrorAccount {
  id: AccountId;
  owner: bigint | null;
  kind: AccountKind;
  currency: Currency;
}

export interface LedgerErrorDetails {
  /** Index of the refused transfer in the batch. */
  index?: number;
  account?: LedgerErrorAccount;
  /** The pending transfer a post / void referred to. */
  pendingId?: TransferId;
}

/** A refusal. Nothing was written: a refused batch leaves the ledger exactly as it was. */
export class LedgerError extends Error {
  override readonly name = 'LedgerError';
  readonly code: LedgerErrorCode;
  readonly index: number;
  readonly account?: LedgerErrorAccount;
  readonly pendingId?: TransferId;

  constructor(code: LedgerErrorCode, details: LedgerErrorDetails = {}, message?: string) {
    super(message ?? describe(code, details));
    this.code = code;
    this.index = details.index ?? 0;
    this.account = details.account;
    this.pendingId = details.pendingId;
  }
}

function describe(code: LedgerErrorCode, d: LedgerErrorDetails): string {
  const where = [
    d.index !== undefined ? `transfer #${d.index}` : '',
    d.account ? `account ${d.account.id} (${d.account.kind} ${d.account.currency})` : '',
    d.pendingId !== undefined ? `pending ${d.pendingId}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return where ? `ledger refused: ${code} (${where})` : `ledger refused: ${code}`;
}

export const isLedgerError = (err: unknown, code?: LedgerErrorCode): err is LedgerError =>
  err instanceof LedgerError && (code === undefined || err.code === code);

/**
 * True when a user's own cash or margin could not cover a debit — the refusal users see as
 * "insufficient available balance" (`money.insufficientAvailable`).
 */
export const isInsufficientFunds = (err: unknown): err is LedgerError =>
  isLedgerError(err, 'exceeds_credits') && err.account?.owner != null;
