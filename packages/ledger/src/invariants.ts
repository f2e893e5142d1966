import type { Db } from '@kabuto/db';
import type { Units } from '@kabuto/domain';
import { sql } from 'kysely';
import type { AccountId, TransferId } from './types.ts';

export type BalanceColumn = 'debits_pending' | 'debits_posted' | 'credits_pending' | 'credits_posted';

export type InvariantViolation =
  | {
      kind: 'unbalanced';
      currency: string;
      side: 'posted' | 'pending';
      debits: Units;
      credits: Units;
      message: string;
    }
  | {
      kind: 'flag_violated';
      accountId: AccountId;
      flag: 'debits_must_not_exceed_credits' | 'credits_must_not_exceed_debits';
      message: string;
    }
  | { kind: 'negative_balance'; accountId: AccountId; column: BalanceColumn; value: Units; message: string }
  | { kind: 'pending_resolved_twice'; pendingId: TransferId; resolutions: number; message: string }
  | {
      kind: 'invalid_resolution';
      transferId: TransferId;
      pendingId: TransferId;
      reason: string;
      message: string;
    }
  | {
      kind: 'fractional_cash';
      accountId: AccountId;
      currency: string;
      balance: Units;
      message: string;
    }
  | {
      kind: 'balance_mismatch';
      accountId: AccountId | null;
      column: BalanceColumn;
      stored: Units;
      recomputed: Units;
      message: string;
    };

export interface InvariantReport {
  ok: boolean;
  accounts: number;
  transfers: number;
  violations: InvariantViolation[];
}

const COLUMNS: BalanceColumn[] = ['debits_pending', 'debits_posted', 'credits_pending', 'credits_posted'];
const big = (v: unknown): bigint => BigInt(String(v));

/**
 * Reconcile the whole ledger (the back office's "reconcile" action; tests run it after every step):
 *
 * 1. per currency, Σ debits = Σ credits over all accounts, posted and pending separately;
 * 2. no balance column below zero, and no flagged account beyond its limit;
 * 3. every pending transfer resolved at most once, by a transfer on the same accounts, currency,
 *    and an amount within the pending amount (a void releases exactly the pending amount);
 * 4. every account's four balance columns equal what its transfers add up to, recomputed from
 *    `ledger_transfer` (and no transfer refers to an account that does not exist).
 *
 * 5. with `minorUnits` (units per currency's minor unit, e.g. jpy 10000, usd 100): no user cash account's
 *    posted balance holds a fraction of its currency's minor unit (cash is always whole yen / cents).
 *
 * Reads one consistent snapshot (a repeatable-read transaction on PostgreSQL).
 */
export async function checkInvariants(
  db: Db,
  opts: { minorUnits?: Readonly<Record<string, bigint>> } = {},
): Promise<InvariantReport> {
  const run = async (q: Db): Promise<InvariantReport> => {
    const violations: InvariantViolation[] = [];

    const accounts = await sql<{ n: unknown }>`select count(*) as n from ledger_account`.execute(q);

    const sums = await sql<{ currency: string; dpe: unknown; dpo: unknown; cpe: unknown; cpo: unknown }>`
      select currency,
        sum(debits_pending)::text as dpe, sum(debits_posted)::text as dpo,
        sum(credits_pending)::text as cpe, sum(credits_posted)::text as cpo
      from ledger_account group by currency order by currency`.execute(q);
    for (const s of sums.rows) {
      for (const [side, d, c] of [
        ['posted', big(s.dpo), big(s.cpo)],
        ['pending', big(s.dpe), big(s.cpe)],
      ] as const) {
        if (d !== c) {
          violations.push({
            kind: 'unbalanced',
            currency: s.currency,
            side,
            debits: d,
            credits: c,
            message: `${s.currency} ${side}: debits ${d} ≠ credits ${c}`,
          });
        }
      }
    }

    const bad = await sql<{
      id: bigint;
      flags: number;
      debits_pending: bigint;
      debits_posted: bigint;
      credits_pending: bigint;
      credits_posted: bigint;
    }>`
      select id, flags, debits_pending, debits_posted, credits_pending, credits_posted
      from ledger_account
      where least(debits_pending, debits_posted, credits_pending, credits_posted) < 0
         or (flags & 1 <> 0 and debits_pending::numeric + debits_posted > credits_posted)
         or (flags & 2 <> 0 and credits_pending::numeric + credits_posted > debits_posted)
      order by id`.execute(q);
    for (const a of bad.rows) {
      for (const column of COLUMNS) {
        if (a[column] < 0n) {
          violations.push({
            kind: 'negative_balance',
            accountId: a.id,
            column,
            value: a[column],
            message: `account ${a.id}: ${column} is ${a[column]}`,
          });
        }
      }
      if (Number(a.flags) & 1 && a.debits_pending + a.debits_posted > a.credits_posted) {
        violations.push({
          kind: 'flag_violated',
          accountId: a.id,
          flag: 'debits_must_not_exceed_credits',
          message: `account ${a.id}: debits ${a.debits_pending + a.debits_posted} exceed credits ${a.credits_posted}`,
        });
      }
      if (Number(a.flags) & 2 && a.credits_pending + a.credits_posted > a.debits_posted) {
        violations.push({
          kind: 'flag_violated',
          accountId: a.id,
          flag: 'credits_must_not_exceed_debits',
          message: `account ${a.id}: credits ${a.credits_pending + a.credits_posted} exceed debits ${a.debits_posted}`,
        });
      }
    }

    const twice = await sql<{ pending_id: bigint; n: unknown }>`
      select pending_id, count(*) as n from ledger_transfer
      where pending_id is not null group by pending_id having count(*) > 1 order by pending_id`.execute(q);
    for (const r of twice.rows) {
      violations.push({
        kind: 'pending_resolved_twice',
        pendingId: r.pending_id,
        resolutions: Number(r.n),
        message: `pending ${r.pending_id} resolved ${r.n} times`,
      });
    }

    const invalid = await sql<{ id: bigint; pending_id: bigint; reason: string }>`
      select r.id, r.pending_id,
        case
          when p.flags & 2 = 0 then 'resolves a transfer that is not pending'
          when r.debit_account <> p.debit_account or r.credit_account <> p.credit_account
            then 'accounts differ from the pending transfer'
          when r.currency <> p.currency then 'currency differs from the pending transfer'
          when r.amount > p.amount then 'posts more than was pending'
          else 'a void must release exactly the pending amount'
        end as reason
      from ledger_transfer r join ledger_transfer p on p.id = r.pending_id
      where r.pending_id is not null and (p.flags & 2 = 0
         or r.debit_account <> p.debit_account or r.credit_account <> p.credit_account
         or r.currency <> p.currency
         or r.amount > p.amount
         or (r.flags & 8 <> 0 and r.amount <> p.amount))
      order by r.id`.execute(q);
    for (const r of invalid.rows) {
      violations.push({
        kind: 'invalid_resolution',
        transferId: r.id,
        pendingId: r.pending_id,
        reason: r.reason,
        message: `transfer ${r.id} (resolving ${r.pending_id}): ${r.reason}`,
      });
    }

    // single (flags & 14 = 0) and post (4) move posted balances; a pending (2) counts while unresolved.
    // One pass over the transfers (grouping sets: per debit account, per credit account, and the count),
    // then the resolved pendings (few, found by the pending_id index) taken back off: no self-join of the
    // whole table, and nothing held but one row per account. The first row (k = 0) is the count of transfers.
    const mismatch = await sql<{
      id: bigint | null;
      debits_pending: unknown;
      debits_posted: unknown;
      credits_pending: unknown;
      credits_posted: unknown;
      r_dpe: unknown;
      r_dpo: unknown;
      r_cpe: unknown;
      r_cpo: unknown;
    }>`
      with sides as materialized (
        select debit_account, credit_account, grouping(debit_account, credit_account) as g, count(*) as n,
          sum(case when flags & 10 = 0 then amount else 0 end) as posted,
          sum(case when flags & 2 <> 0 then amount else 0 end) as pending
        from ledger_transfer
        group by grouping sets ((debit_account), (credit_account), ())
      ), resolved as (
        select p.debit_account, p.credit_account, p.amount
        from ledger_transfer r join ledger_transfer p on p.id = r.pending_id
        where r.pending_id is not null and p.flags & 2 <> 0
      ), totals as (
        select account_id, sum(dpe) as dpe, sum(dpo) as dpo, sum(cpe) as cpe, sum(cpo) as cpo
        from (
          select debit_account as account_id, pending as dpe, posted as dpo, 0 as cpe, 0 as cpo
          from sides where g = 1
          union all select credit_account, 0, 0, pending, posted from sides where g = 2
          union all select debit_account, -amount, 0, 0, 0 from resolved
          union all select credit_account, 0, 0, -amount, 0 from resolved
        ) u group by account_id
      )
      select 0 as k, null as id, n::text as debits_pending, '0' as debits_posted, '0' as credits_pending,
        '0' as credits_posted, n::text as r_dpe, '0' as r_dpo, '0' as r_cpe, '0' as r_cpo
      from sides where g = 3
      union all
      select 1, coalesce(a.id, t.account_id),
        coalesce(a.debits_pending, 0)::text as debits_pending, coalesce(a.debits_posted, 0)::text as debits_posted,
        coalesce(a.credits_pending, 0)::text as credits_pending, coalesce(a.credits_posted, 0)::text as credits_posted,
        coalesce(t.dpe, 0)::text as r_dpe, coalesce(t.dpo, 0)::text as r_dpo,
        coalesce(t.cpe, 0)::text as r_cpe, coalesce(t.cpo, 0)::text as r_cpo
      from ledger_account a full join totals t on t.account_id = a.id
      where a.id is null
         or a.debits_pending <> coalesce(t.dpe, 0) or a.debits_posted <> coalesce(t.dpo, 0)
         or a.credits_pending <> coalesce(t.cpe, 0) or a.credits_posted <> coalesce(t.cpo, 0)
      order by k, id`.execute(q);
    const [count, ...mismatches] = mismatch.rows;
    const transfers = Number(count.debits_pending);
    for (const m of mismatches) {
      const recomputed: Record<BalanceColumn, unknown> = {
        debits_pending: m.r_dpe,
        debits_posted: m.r_dpo,
        credits_pending: m.r_cpe,
        credits_posted: m.r_cpo,
      };
      for (const column of COLUMNS) {
        const stored = big(m[column]);
        const again = big(recomputed[column]);
        if (stored !== again) {
          violations.push({
            kind: 'balance_mismatch',
            accountId: m.id,
            column,
            stored,
            recomputed: again,
            message: `account ${m.id}: ${column} is ${stored}, its transfers add up to ${again}`,
          });
        }
      }
    }

    if (opts.minorUnits) {
      const cash = await sql<{ id: bigint; currency: string; balance: unknown }>`
        select id, currency, (credits_posted::numeric - debits_posted)::text as balance
        from ledger_account where kind = 'cash' and owner is not null order by id`.execute(q);
      for (const a of cash.rows) {
        const minor = opts.minorUnits[a.currency];
        const balance = big(a.balance);
        if (minor && balance % minor !== 0n) {
          violations.push({
            kind: 'fractional_cash',
            accountId: a.id,
            currency: a.currency,
            balance,
            message: `account ${a.id}: cash ${balance} is not a whole number of ${a.currency} minor units`,
          });
        }
      }
    }

    return {
      ok: violations.length === 0,
      accounts: Number(accounts.rows[0].n),
      transfers,
      violations,
    };
  };

  if (db.isTransaction) return run(db);
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (tx) => {
      // the one pass hashes a row per account and side (about 1 KB an account): in this transaction only,
      // memory for some 500,000 accounts in one batch (hash memory is twice work_mem), so PostgreSQL hashes
      // instead of sorting the ledger; beyond that it spills the hash to disk in batches
      await sql`set local work_mem = '256MB'`.execute(tx);
      return run(tx);
    });
}
