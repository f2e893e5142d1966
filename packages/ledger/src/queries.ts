import type { Db } from '@kabuto/db';
import { CURRENCIES, type Currency, heldTotal, type Units, type WalletAssets } from '@kabuto/domain';
import { type Expression, sql } from 'kysely';
import { toAccount, toTransfer } from './rows.ts';
import {
  type Account,
  type AccountId,
  type AccountKind,
  availableBalance,
  owedBalance,
  postedBalance,
  type Transfer,
  type TransferCode,
  TransferFlags,
  type TransferId,
} from './types.ts';

/** An account with its derived balances (credit-normal view: credits − debits). */
export interface AccountBalance extends Account {
  /** credits_posted − debits_posted. */
  posted: Units;
  /** credits_posted − debits_posted − debits_pending: what can be spent (cash). */
  available: Units;
}

export const withBalance = (a: Account): AccountBalance => ({
  ...a,
  posted: postedBalance(a),
  available: availableBalance(a),
});

/** One account's balances, or undefined when there is no such account. */
export async function balance(db: Db, accountId: AccountId): Promise<AccountBalance | undefined> {
  const row = await db
    .selectFrom('ledger_account')
    .selectAll()
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row ? withBalance(toAccount(row)) : undefined;
}

/**
 * A user's money in one currency, as the app shows it: the domain's wallet (available, the three parts of
 * frozen, owed) read from the ledger's accounts, with the accounts it was read from.
 */
export interface UserBalance extends WalletAssets {
  /** available + frozen (the domain's `heldTotal`). */
  total: Units;
  cashAccountId: AccountId | null;
  marginAccountId: AccountId | null;
  loanAccountId: AccountId | null;
}

const emptyBalance = (currency: Currency): UserBalance => ({
  currency,
  available: 0n,
  reserved: 0n,
  margin: 0n,
  stake: 0n,
  awaiting: 0n,
  total: 0n,
  owed: 0n,
  cashAccountId: null,
  marginAccountId: null,
  loanAccountId: null,
});

/**
 * A user's balances per currency, for every currency they have an account in plus those asked for
 * in `include` (zero when there is no account yet), in the order of `CURRENCIES`.
 */
export async function userBalances(
  db: Db,
  userId: bigint,
  include: readonly Currency[] = [],
): Promise<UserBalance[]> {
  const rows = await db.selectFrom('ledger_account').selectAll().where('owner', '=', userId).execute();
  return balancesOf(rows.map(toAccount), include);
}

/**
 * A user's accounts as one JSON value inside a larger query (`owner`: the user id column or value), so
 * that a read of several areas costs one round trip; `accountsOfJson` turns it back into accounts for
 * `balancesOf`. Balances travel as text (JSON numbers would lose digits past 2^53).
 */
export const userAccountsJson = (owner: Expression<bigint | null>) =>
  sql<AccountJson[] | null>`(select json_agg(json_build_object(
    'id', a.id::text, 'owner', a.owner::text, 'currency', a.currency, 'kind', a.kind, 'flags', a.flags,
    'debits_pending', a.debits_pending::text, 'debits_posted', a.debits_posted::text,
    'credits_pending', a.credits_pending::text, 'credits_posted', a.credits_posted::text))
    from ledger_account a where a.owner = ${owner})`;

/** One account as `userAccountsJson` gives it. */
export interface AccountJson {
  id: string;
  owner: string | null;
  currency: string;
  kind: string;
  flags: number;
  debits_pending: string;
  debits_posted: string;
  credits_pending: string;
  credits_posted: string;
}

export const accountsOfJson = (json: readonly AccountJson[] | null): Account[] =>
  (json ?? []).map((a) =>
    toAccount({
      id: BigInt(a.id),
      owner: a.owner === null ? null : BigInt(a.owner),
      currency: a.currency,
      kind: a.kind,
      flags: a.flags,
      debits_pending: BigInt(a.debits_pending),
      debits_posted: BigInt(a.debits_posted),
      credits_pending: BigInt(a.credits_pending),
      credits_posted: BigInt(a.credits_posted),
    }),
  );

/** {@link userBalances} of accounts already read. */
export function balancesOf(accounts: readonly Account[], include: readonly Currency[] = []): UserBalance[] {
  const by = new Map<Currency, UserBalance>(include.map((c) => [c, emptyBalance(c)]));
  for (const a of accounts) {
    let b = by.get(a.currency);
    if (!b) {
      b = emptyBalance(a.currency);
      by.set(a.currency, b);
    }
    if (a.kind === 'cash') {
      b.available = availableBalance(a);
      b.reserved = a.debitsPending;
      b.cashAccountId = a.id;
    } else if (a.kind === 'margin') {
      b.margin += postedBalance(a);
      b.marginAccountId = a.id;
    } else if (a.kind === 'stake') {
      b.stake = postedBalance(a);
    } else if (a.kind === 'allotment' || a.kind === 'dividend') {
      b.awaiting += postedBalance(a);
    } else if (a.kind === 'day_trade') {
      // a day-trading line is held for trading like margin (frozen until it settles)
      b.margin += postedBalance(a);
    } else if (a.kind === 'loan') {
      b.owed = owedBalance(a);
      b.loanAccountId = a.id;
    }
  }
  for (const b of by.values()) b.total = heldTotal(b);
  return CURRENCIES.filter((c) => by.has(c)).map((c) => by.get(c)!);
}

/** A user's balance in one currency (zeros when they have no account in it yet). */
export async function userBalance(db: Db, userId: bigint, currency: Currency): Promise<UserBalance> {
  const all = await userBalances(db, userId, [currency]);
  return all.find((b) => b.currency === currency)!;
}

export async function getTransfer(db: Db, id: TransferId): Promise<Transfer | undefined> {
  const row = await db.selectFrom('ledger_transfer').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toTransfer(row) : undefined;
}

/** The transfers written for one business operation, in order. */
export async function transfersByRef(db: Db, operationRef: string): Promise<Transfer[]> {
  const rows = await db
    .selectFrom('ledger_transfer')
    .selectAll()
    .where('operation_ref', '=', operationRef)
    .orderBy('id')
    .execute();
  return rows.map(toTransfer);
}

export interface AccountRef {
  id: AccountId;
  owner: bigint | null;
  kind: AccountKind;
}

/** A transfer with both sides' owner and kind, for statements and the back office. */
export interface HistoryEntry extends Transfer {
  debitAccount: AccountRef;
  creditAccount: AccountRef;
}

export type HistoryScope = { accountId: AccountId } | { userId: bigint; currency?: Currency };

export interface HistoryOptions {
  /** Page size (default 50, at most 500). */
  limit?: number;
  /** Cursor: return transfers with an id below this one (the previous page's `nextBefore`). */
  before?: TransferId;
  codes?: readonly TransferCode[];
}

export interface HistoryPage {
  items: HistoryEntry[];
  /** Pass as `before` for the next (older) page; null when this is the last page. */
  nextBefore: TransferId | null;
}

/** Transfers touching an account, or any of a user's accounts, newest first, keyset-paged. */
export async function transferHistory(
  db: Db,
  scope: HistoryScope,
  opts: HistoryOptions = {},
): Promise<HistoryPage> {
  const limit = Math.min(Math.max(Math.trunc(opts.limit ?? 50), 1), 500);
  let q = db
    .selectFrom('ledger_transfer as t')
    .innerJoin('ledger_account as d', 'd.id', 't.debit_account')
    .innerJoin('ledger_account as c', 'c.id', 't.credit_account')
    .selectAll('t')
    .select(['d.owner as d_owner', 'd.kind as d_kind', 'c.owner as c_owner', 'c.kind as c_kind']);
  if ('accountId' in scope) {
    q = q.where((eb) =>
      eb.or([eb('t.debit_account', '=', scope.accountId), eb('t.credit_account', '=', scope.accountId)]),
    );
  } else {
    q = q.where((eb) => {
      let accounts = eb.selectFrom('ledger_account').select('id').where('owner', '=', scope.userId);
      if (scope.currency) accounts = accounts.where('currency', '=', scope.currency);
      return eb.or([eb('t.debit_account', 'in', accounts), eb('t.credit_account', 'in', accounts)]);
    });
  }
  if (opts.before !== undefined) q = q.where('t.id', '<', opts.before);
  if (opts.codes && opts.codes.length > 0) q = q.where('t.code', 'in', [...opts.codes]);
  const rows = await q
    .orderBy('t.id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  return {
    items: page.map((r) => ({
      ...toTransfer(r),
      debitAccount: { id: r.debit_account, owner: r.d_owner, kind: r.d_kind as AccountKind },
      creditAccount: { id: r.credit_account, owner: r.c_owner, kind: r.c_kind as AccountKind },
    })),
    nextBefore: rows.length > limit ? page[page.length - 1].id : null,
  };
}

/**
 * Pending transfers not yet posted or voided, oldest first: on one account (either side), or out of
 * any of a user's accounts (what is reserved from them).
 */
export async function openPendingTransfers(db: Db, scope: HistoryScope): Promise<Transfer[]> {
  let q = db
    .selectFrom('ledger_transfer as t')
    .selectAll('t')
    .where(sql<boolean>`t.flags & ${sql.lit(TransferFlags.pending)} <> 0`)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('ledger_transfer as r').select('r.id').whereRef('r.pending_id', '=', 't.id')),
      ),
    );
  if ('accountId' in scope) {
    q = q.where((eb) =>
      eb.or([eb('t.debit_account', '=', scope.accountId), eb('t.credit_account', '=', scope.accountId)]),
    );
  } else {
    q = q.where((eb) => {
      let accounts = eb.selectFrom('ledger_account').select('id').where('owner', '=', scope.userId);
      if (scope.currency) accounts = accounts.where('currency', '=', scope.currency);
      return eb('t.debit_account', 'in', accounts);
    });
  }
  const rows = await q.orderBy('t.id').execute();
  return rows.map(toTransfer);
}
