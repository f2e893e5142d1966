import type { MsgKey } from '@kabuto/contract';
import { afterCommit, type Tx } from '@kabuto/db';
import type { Currency, Units } from '@kabuto/domain';
import {
  type Account,
  type AccountId,
  type BatchOptions,
  createTransfers,
  isInsufficientFunds,
  isLedgerError,
  MAX_BULK_BATCH,
  type Transfer,
  type TransferCode,
  type TransferRequest,
} from '@kabuto/ledger';
import { refuse } from '../lib/errors.ts';
import { ledgerTransfers } from '../ops/metrics.ts';

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
export async function transfer(
  tx: Tx,
  requests: readonly TransferRequest[],
  o: BatchOptions = {},
): Promise<Transfer[]> {
  try {
    const done = await createTransfers(tx, requests, o);
    afterCommit(tx, () => {
      for (const t of done) ledgerTransfers.inc({ code: t.code });
    });
    return done;
  } catch (err) {
    return ledgerRefusal(err);
  }
}

/**
 * {@link transfer} for a bulk operation of any size (a corporate action's batch, in a transaction of
 * its own): the requests in chunks the ledger accepts from a bulk job (`MAX_BULK_BATCH`, a whole batch
 * of a job at once), one after the other in the same transaction. `locked`: the accounts the batch
 * locked and read and has not moved since (the ledger does not lock them again; only for one chunk).
 */
export async function transferMany(
  tx: Tx,
  requests: readonly TransferRequest[],
  locked?: ReadonlyMap<AccountId, Account>,
): Promise<Transfer[]> {
  if (requests.length <= MAX_BULK_BATCH) return transfer(tx, requests, { bulk: true, locked });
  const done: Transfer[] = [];
  for (let i = 0; i < requests.length; i += MAX_BULK_BATCH)
    done.push(...(await transfer(tx, requests.slice(i, i + MAX_BULK_BATCH), { bulk: true })));
  return done;
}

/** Money a product row holds until it is decided: from the user's cash to where it waits. */
export interface MoneyHold {
  from: AccountId;
  to: AccountId;
  amount: Units;
  currency: Currency;
  code: TransferCode;
  /** The row's operation reference, e.g. `ipo:<order no>`. */
  ref: string;
}

/**
 * Hold money for a product row (an IPO application, a block subscription): one pending transfer, in the
 * row's transaction, posted or voided when the row is decided. A short balance is refused with
 * `insufficient` (the product's own key); other ledger refusals as {@link ledgerRefusal} reads them.
 */
export async function holdMoney(
  tx: Tx,
  hold: MoneyHold,
  insufficient: MsgKey = 'money.insufficientAvailable',
): Promise<Transfer> {
  try {
    const [t] = await createTransfers(tx, [
      {
        type: 'pending',
        debitAccountId: hold.from,
        creditAccountId: hold.to,
        amount: hold.amount,
        currency: hold.currency,
        code: hold.code,
        operationRef: hold.ref,
      },
    ]);
    return t;
  } catch (err) {
    if (isInsufficientFunds(err)) refuse(insufficient);
    return ledgerRefusal(err);
  }
}
