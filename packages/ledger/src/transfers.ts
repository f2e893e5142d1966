import { rowSet, type Tx } from '@kabuto/db';
import type { Currency, Units } from '@kabuto/domain';
import { sql } from 'kysely';
import { lockAccountsById } from './accounts.ts';
import { LedgerError, type LedgerErrorAccount, type LedgerErrorCode } from './errors.ts';
import { transferType } from './rows.ts';
import {
  type Account,
  AccountFlags,
  type AccountId,
  isTransferCode,
  MAX_AMOUNT,
  MAX_BATCH,
  MAX_BULK_BATCH,
  type Transfer,
  type TransferCode,
  TransferFlags,
  type TransferId,
  type TransferRequest,
} from './types.ts';

/** What a post or void needs to know about the pending transfer it resolves. */
interface PendingInfo {
  id: TransferId;
  debitAccountId: AccountId;
  creditAccountId: AccountId;
  amount: Units;
  currency: Currency;
  code: TransferCode;
  isPending: boolean;
  resolved: boolean;
}

/** Change of an account's balance columns made by a batch. */
interface Delta {
  id: AccountId;
  debitsPending: Units;
  debitsPosted: Units;
  creditsPending: Units;
  creditsPosted: Units;
}

interface NewTransfer {
  debitAccountId: AccountId;
  creditAccountId: AccountId;
  amount: Units;
  currency: Currency;
  code: TransferCode;
  flags: number;
  pendingId: TransferId | null;
  operationRef: string | null;
  memo: string | null;
}

/**
 * Apply a batch of transfers, all or nothing, inside the caller's transaction.
 *
 * 1. Reads the pending transfers that posts and voids refer to (to learn their accounts).
 * 2. Locks every account the batch touches (`SELECT … FOR UPDATE`, in id order, so two batches
 *    on the same accounts never deadlock) and reads, under those locks, whether each referenced
 *    pending transfer is still open.
 * 3. Applies the batch in order to an in-memory copy of the locked balances, checking each transfer
 *    against the balances the earlier ones left; the first refusal throws a {@link LedgerError}
 *    and nothing has been written.
 * 4. Inserts the transfers and updates the balances in one statement (the unique pending_id and
 *    the balance CHECK constraints back every refusal up at the database).
 *
 * Returns the transfers written, in batch order. Transfers of a batch with more than one are
 * flagged `linked` (all but the last).
 */
/**
 * Options of {@link createTransferGroups}: `bulk`, a bulk job's batch (up to {@link MAX_BULK_BATCH});
 * `locked`, accounts the caller has locked (`FOR UPDATE`) in this transaction and not moved since, as
 * it read them: when they are all the batch touches, the ledger uses them instead of locking and
 * reading them again (the balances written are increments, and the database's checks back the limits).
 */
export interface BatchOptions {
  bulk?: boolean;
  locked?: ReadonlyMap<AccountId, Account>;
}

export async function createTransfers(
  tx: Tx,
  requests: readonly TransferRequest[],
  o: BatchOptions = {},
): Promise<Transfer[]> {
  if (!tx.isTransaction) throw new Error('createTransfers must run inside a transaction (withTx)');
  const [outcome] = await createTransferGroups(tx, [requests], o);
  if (!outcome.ok) throw outcome.error;
  return outcome.transfers;
}

/** What {@link createTransferGroups} says of one group. */
export type GroupOutcome = { ok: true; transfers: Transfer[] } | { ok: false; error: LedgerError };

/**
 * Apply several independent batches ("groups") in one pass: each group is all or nothing exactly as
 * {@link createTransfers} would apply it on its own, in the order given, so a group sees the balances
 * the groups before it left; a refused group changes nothing and does not stop the others. One lock
 * query and one write statement serve them all, which is what lets a busy server commit many users'
 * operations together (group commit) instead of one transaction each.
 *
 * At most {@link MAX_BATCH} transfers in all ({@link MAX_BULK_BATCH} for a bulk job, `bulk`);
 * otherwise the whole call throws `batch_too_large`.
 */
export async function createTransferGroups(
  tx: Tx,
  groups: readonly (readonly TransferRequest[])[],
  o: BatchOptions = {},
): Promise<GroupOutcome[]> {
  if (!tx.isTransaction) throw new Error('createTransferGroups must run inside a transaction (withTx)');
  const total = groups.reduce((n, g) => n + g.length, 0);
  const limit = o.bulk ? MAX_BULK_BATCH : MAX_BATCH;
  if (total > limit) throw new LedgerError('batch_too_large', { index: limit });
  if (total === 0) return groups.map(() => ({ ok: true, transfers: [] }));

  const accountIds = new Set<AccountId>();
  const pendingIds = new Set<TransferId>();
  for (const group of groups) {
    for (const r of group) {
      if (r.type === 'post' || r.type === 'void') pendingIds.add(r.pendingId);
      else {
        accountIds.add(r.debitAccountId);
        accountIds.add(r.creditAccountId);
      }
    }
  }

  const pendings =
    pendingIds.size > 0 ? await loadPending(tx, [...pendingIds]) : new Map<TransferId, PendingInfo>();
  for (const p of pendings.values()) {
    if (!p.isPending) continue;
    accountIds.add(p.debitAccountId);
    accountIds.add(p.creditAccountId);
  }
  const given = o.locked;
  const locked =
    given && [...accountIds].every((id) => given.has(id))
      ? new Map([...accountIds].map((id) => [id, given.get(id)!]))
      : await lockAccountsById(tx, [...accountIds]);
  await markResolved(tx, pendings);

  // Work on copies; `locked` keeps the balances as read, to compute the deltas to write.
  const work = new Map<AccountId, Account>();
  for (const [id, a] of locked) work.set(id, { ...a });
  const resolvedHere = new Set<TransferId>();
  const out: NewTransfer[] = [];
  const counts: (number | LedgerError)[] = [];

  for (const group of groups) {
    // What this group may change, saved so a refusal can put it back.
    const saved = new Map<AccountId, Account>();
    const save = (id: AccountId) => {
      const a = work.get(id);
      if (a && !saved.has(id)) saved.set(id, { ...a });
    };
    for (const r of group) {
      if (r.type === 'post' || r.type === 'void') {
        const p = pendings.get(r.pendingId);
        if (p) {
          save(p.debitAccountId);
          save(p.creditAccountId);
        }
      } else {
        save(r.debitAccountId);
        save(r.creditAccountId);
      }
    }
    // Pending transfers this group refers to that no earlier group resolved: what a refusal un-resolves.
    const fresh = group.flatMap((r) =>
      (r.type === 'post' || r.type === 'void') && !resolvedHere.has(r.pendingId) ? [r.pendingId] : [],
    );
    const written: NewTransfer[] = [];
    try {
      group.forEach((r, index) => {
        written.push(applyRequest(r, index, group.length, work, pendings, resolvedHere));
      });
    } catch (err) {
      if (!(err instanceof LedgerError)) throw err;
      for (const [id, a] of saved) work.set(id, a);
      for (const id of fresh) resolvedHere.delete(id);
      counts.push(err);
      continue;
    }
    out.push(...written);
    counts.push(written.length);
  }

  const deltas: Delta[] = [];
  for (const [id, after] of work) {
    const before = locked.get(id)!;
    const d: Delta = {
      id,
      debitsPending: after.debitsPending - before.debitsPending,
      debitsPosted: after.debitsPosted - before.debitsPosted,
      creditsPending: after.creditsPending - before.creditsPending,
      creditsPosted: after.creditsPosted - before.creditsPosted,
    };
    if (d.debitsPending || d.debitsPosted || d.creditsPending || d.creditsPosted) deltas.push(d);
  }

  const transfers = out.length > 0 ? await write(tx, out, deltas) : [];
  let at = 0;
  return counts.map((c) => {
    if (c instanceof LedgerError) return { ok: false, error: c };
    const mine = transfers.slice(at, at + c);
    at += c;
    return { ok: true, transfers: mine };
  });
}

/**
 * Check one request against the working balances and apply it to them; throws the request's
 * {@link LedgerError}. `index` and `size` are its place in its batch (for `linked` and error reports).
 */
function applyRequest(
  r: TransferRequest,
  index: number,
  size: number,
  work: Map<AccountId, Account>,
  pendings: Map<TransferId, PendingInfo>,
  resolvedHere: Set<TransferId>,
): NewTransfer {
  const flagLinked = size > 1 && index < size - 1 ? TransferFlags.linked : 0;
  const refuse = (code: LedgerErrorCode, account?: Account, pendingId?: TransferId) =>
    new LedgerError(code, { index, account: account && errorAccount(account), pendingId });
  const common = { operationRef: r.operationRef ?? null, memo: r.memo ?? null };

  if (r.type === 'single' || r.type === 'pending') {
    if (typeof r.amount !== 'bigint' || r.amount <= 0n || r.amount > MAX_AMOUNT)
      throw refuse('invalid_amount');
    if (!isTransferCode(r.code)) throw refuse('invalid_code');
    if (r.debitAccountId === r.creditAccountId) throw refuse('same_account');
    const debit = work.get(r.debitAccountId);
    if (!debit) throw refuse('account_not_found');
    const credit = work.get(r.creditAccountId);
    if (!credit) throw refuse('account_not_found');
    if (debit.currency !== r.currency) throw refuse('currency_mismatch', debit);
    if (credit.currency !== r.currency) throw refuse('currency_mismatch', credit);
    if (debit.flags & AccountFlags.closed) throw refuse('account_closed', debit);
    if (credit.flags & AccountFlags.closed) throw refuse('account_closed', credit);
    if (r.type === 'single') {
      debit.debitsPosted += r.amount;
      credit.creditsPosted += r.amount;
    } else {
      debit.debitsPending += r.amount;
      credit.creditsPending += r.amount;
    }
    checkLimits(debit, credit, refuse);
    return {
      debitAccountId: debit.id,
      creditAccountId: credit.id,
      amount: r.amount,
      currency: r.currency,
      code: r.code,
      flags: (r.type === 'pending' ? TransferFlags.pending : 0) | flagLinked,
      pendingId: null,
      ...common,
    };
  }

  const p = pendings.get(r.pendingId);
  if (!p?.isPending) throw refuse('pending_not_found', undefined, r.pendingId);
  if (p.resolved || resolvedHere.has(p.id)) throw refuse('pending_already_resolved', undefined, p.id);
  const debit = work.get(p.debitAccountId);
  const credit = work.get(p.creditAccountId);
  if (!debit || !credit) throw new Error(`accounts of pending transfer ${p.id} were not locked`);

  if (r.type === 'post') {
    const amount = r.amount ?? p.amount;
    if (typeof amount !== 'bigint' || amount <= 0n) throw refuse('invalid_amount', undefined, p.id);
    if (amount > p.amount) throw refuse('amount_exceeds_pending', undefined, p.id);
    const code = r.code ?? p.code;
    if (!isTransferCode(code)) throw refuse('invalid_code', undefined, p.id);
    if (debit.flags & AccountFlags.closed) throw refuse('account_closed', debit, p.id);
    if (credit.flags & AccountFlags.closed) throw refuse('account_closed', credit, p.id);
    debit.debitsPending -= p.amount;
    debit.debitsPosted += amount;
    credit.creditsPending -= p.amount;
    credit.creditsPosted += amount;
    checkLimits(debit, credit, refuse);
    resolvedHere.add(p.id);
    return {
      debitAccountId: debit.id,
      creditAccountId: credit.id,
      amount,
      currency: p.currency,
      code,
      flags: TransferFlags.postPending | flagLinked,
      pendingId: p.id,
      ...common,
    };
  }

  const code = r.code ?? p.code;
  if (!isTransferCode(code)) throw refuse('invalid_code', undefined, p.id);
  debit.debitsPending -= p.amount;
  credit.creditsPending -= p.amount;
  resolvedHere.add(p.id);
  return {
    debitAccountId: debit.id,
    creditAccountId: credit.id,
    amount: p.amount,
    currency: p.currency,
    code,
    flags: TransferFlags.voidPending | flagLinked,
    pendingId: p.id,
    ...common,
  };
}

/** One transfer; see {@link createTransfers}. */
export async function createTransfer(tx: Tx, request: TransferRequest): Promise<Transfer> {
  const [t] = await createTransfers(tx, [request]);
  return t;
}

function checkLimits(
  debit: Account,
  credit: Account,
  refuse: (code: 'overflow' | 'exceeds_credits' | 'exceeds_debits', account: Account) => LedgerError,
): void {
  for (const a of [debit, credit]) {
    if (
      a.debitsPending > MAX_AMOUNT ||
      a.debitsPosted > MAX_AMOUNT ||
      a.creditsPending > MAX_AMOUNT ||
      a.creditsPosted > MAX_AMOUNT
    ) {
      throw refuse('overflow', a);
    }
  }
  if (
    debit.flags & AccountFlags.debitsMustNotExceedCredits &&
    debit.debitsPending + debit.debitsPosted > debit.creditsPosted
  ) {
    throw refuse('exceeds_credits', debit);
  }
  if (
    credit.flags & AccountFlags.creditsMustNotExceedDebits &&
    credit.creditsPending + credit.creditsPosted > credit.debitsPosted
  ) {
    throw refuse('exceeds_debits', credit);
  }
}

const errorAccount = (a: Account): LedgerErrorAccount => ({
  id: a.id,
  owner: a.owner,
  kind: a.kind,
  currency: a.currency,
});

/** The pending transfers a batch refers to (immutable rows: no lock needed to read them). */
async function loadPending(tx: Tx, ids: TransferId[]): Promise<Map<TransferId, PendingInfo>> {
  const rows = await tx
    .selectFrom('ledger_transfer')
    .select(['id', 'debit_account', 'credit_account', 'amount', 'currency', 'code', 'flags'])
    .where('id', 'in', ids)
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        debitAccountId: r.debit_account,
        creditAccountId: r.credit_account,
        amount: r.amount,
        currency: r.currency as Currency,
        code: r.code as TransferCode,
        isPending: (Number(r.flags) & TransferFlags.pending) !== 0,
        resolved: false,
      },
    ]),
  );
}

/**
 * Mark the pending transfers already posted or voided. Read after their accounts are locked: a
 * concurrent resolver holds the same locks, so its commit is visible to this statement.
 */
async function markResolved(tx: Tx, pendings: Map<TransferId, PendingInfo>): Promise<void> {
  const ids = [...pendings.values()].filter((p) => p.isPending).map((p) => p.id);
  if (ids.length === 0) return;
  const rows = await tx
    .selectFrom('ledger_transfer')
    .select('pending_id')
    .where('pending_id', 'in', ids)
    .execute();
  for (const r of rows) if (r.pending_id !== null) pendings.get(r.pending_id)!.resolved = true;
}

/** Insert the transfers and apply the balance deltas in one statement. */
async function write(tx: Tx, transfers: NewTransfer[], deltas: Delta[]): Promise<Transfer[]> {
  const rows = rowSet(
    'v',
    {
      debit_account: 'int8',
      credit_account: 'int8',
      amount: 'int8',
      currency: 'text',
      code: 'text',
      flags: 'int4',
      pending_id: 'int8',
      operation_ref: 'text',
      memo: 'text',
    },
    transfers.map((t) => ({
      debit_account: t.debitAccountId,
      credit_account: t.creditAccountId,
      amount: t.amount,
      currency: t.currency,
      code: t.code,
      flags: t.flags,
      pending_id: t.pendingId,
      operation_ref: t.operationRef,
      memo: t.memo,
    })),
  );
  const update =
    deltas.length > 0
      ? sql`, upd as (
          update ledger_account a set
            debits_pending = a.debits_pending + d.dpe,
            debits_posted = a.debits_posted + d.dpo,
            credits_pending = a.credits_pending + d.cpe,
            credits_posted = a.credits_posted + d.cpo
          from ${rowSet(
            'd',
            { id: 'int8', dpe: 'int8', dpo: 'int8', cpe: 'int8', cpo: 'int8' },
            deltas.map((d) => ({
              id: d.id,
              dpe: d.debitsPending,
              dpo: d.debitsPosted,
              cpe: d.creditsPending,
              cpo: d.creditsPosted,
            })),
          )}
          where a.id = d.id
          returning a.id
        )`
      : sql``;
  try {
    // only the new ids come back (one array, in insert order) and the statement's time, which is every
    // row's created_at: the rest of each row is what was sent
    const {
      rows: [written],
    } = await sql<{ ids: string; at: Date | string }>`
      with ins as (
        insert into ledger_transfer
          (debit_account, credit_account, amount, currency, code, flags, pending_id, operation_ref, memo)
        select v.debit_account, v.credit_account, v.amount, v.currency, v.code, v.flags, v.pending_id,
          v.operation_ref, v.memo
        from ${rows}
        returning id
      )${update}
      select array_agg(id order by id)::text as ids, now() as at from ins`.execute(tx);
    const ids = written.ids.slice(1, -1).split(',');
    const createdAt = written.at instanceof Date ? written.at : new Date(written.at);
    return transfers.map((t, i) => ({
      id: BigInt(ids[i]),
      type: transferType(t.flags),
      debitAccountId: t.debitAccountId,
      creditAccountId: t.creditAccountId,
      amount: t.amount,
      currency: t.currency,
      code: t.code,
      flags: t.flags,
      pendingId: t.pendingId,
      operationRef: t.operationRef,
      memo: t.memo,
      createdAt,
    }));
  } catch (err) {
    throw mapWriteError(err) ?? err;
  }
}

/** The database's own guards, should one ever fire before ours, as the same typed refusals. */
function mapWriteError(err: unknown): LedgerError | undefined {
  const e = err as { code?: string; constraint?: string } | null;
  if (e?.code === '23505' && e.constraint === 'ledger_transfer_pending_id_key') {
    return new LedgerError('pending_already_resolved');
  }
  if (e?.code === '23514' && e.constraint === 'ledger_account_debits_limit') {
    return new LedgerError('exceeds_credits');
  }
  if (e?.code === '23514' && e.constraint === 'ledger_account_credits_limit') {
    return new LedgerError('exceeds_debits');
  }
  return undefined;
}
