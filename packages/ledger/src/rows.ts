import type { Currency } from '@kabuto/domain';
import type { Account, AccountKind, Transfer, TransferCode, TransferType } from './types.ts';
import { TransferFlags } from './types.ts';

/** A `ledger_account` row as the drivers return it (int8 → bigint on both). */
export interface AccountRow {
  id: bigint;
  owner: bigint | null;
  currency: string;
  kind: string;
  flags: number;
  debits_pending: bigint;
  debits_posted: bigint;
  credits_pending: bigint;
  credits_posted: bigint;
}

/** A `ledger_transfer` row. */
export interface TransferRow {
  id: bigint;
  debit_account: bigint;
  credit_account: bigint;
  amount: bigint;
  currency: string;
  code: string;
  flags: number;
  pending_id: bigint | null;
  operation_ref: string | null;
  memo: string | null;
  created_at: Date;
}

export const toAccount = (r: AccountRow): Account => ({
  id: r.id,
  owner: r.owner,
  currency: r.currency as Currency,
  kind: r.kind as AccountKind,
  flags: Number(r.flags),
  debitsPending: r.debits_pending,
  debitsPosted: r.debits_posted,
  creditsPending: r.credits_pending,
  creditsPosted: r.credits_posted,
});

export function transferType(flags: number): TransferType {
  if (flags & TransferFlags.pending) return 'pending';
  if (flags & TransferFlags.postPending) return 'post';
  if (flags & TransferFlags.voidPending) return 'void';
  return 'single';
}

export const toTransfer = (r: TransferRow): Transfer => ({
  id: r.id,
  type: transferType(Number(r.flags)),
  debitAccountId: r.debit_account,
  creditAccountId: r.credit_account,
  amount: r.amount,
  currency: r.currency as Currency,
  code: r.code as TransferCode,
  flags: Number(r.flags),
  pendingId: r.pending_id,
  operationRef: r.operation_ref,
  memo: r.memo,
  createdAt: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
});
