import type { Tx } from '@kabuto/db';
import {
  createTransfers,
  isInsufficientFunds,
  isLedgerError,
  type Transfer,
  type TransferRequest,
} from '@kabuto/ledger';
import { refuse } from '../lib/errors.ts';

/**
 * Map a ledger refusal to what the user reads. Anything else is a bug and stays an error (500).
 */
export function ledgerRefusal(err: unknown): never {
  if (isInsufficientFunds(err)) refuse('money.insufficientAvailable');
  if (isLedgerError(err, 'account_closed')) refuse('account.frozen');
  if (isLedgerError(err, 'overflow') || isLedgerError(err, 'invalid_amount')) refuse('validation.amount');
  throw err;
}

/** createTransfers with ledger refusals turned into msg keys. */
export async function transfer(tx: Tx, requests: readonly TransferRequest[]): Promise<Transfer[]> {
  try {
    return await createTransfers(tx, requests);
  } catch (err) {
    return ledgerRefusal(err);
  }
}
