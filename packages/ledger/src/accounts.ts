import { type Database, type Db, rowSet, sqlArray, type Tx } from '@kabuto/db';
import { CURRENCIES, type Currency, isCurrency } from '@kabuto/domain';
import { type ExpressionBuilder, sql } from 'kysely';
import { LedgerError } from './errors.ts';
import { toAccount } from './rows.ts';
import {
  type Account,
  AccountFlags,
  type AccountId,
  type AccountKind,
  defaultAccountFlags,
  isPlatformAccountKind,
  isUserAccountKind,
  PLATFORM_ACCOUNT_KINDS,
  type PlatformAccountKind,
  type UserAccountKind,
} from './types.ts';

/**
 * The user's account of this kind and currency, created on first use (with the kind's default flags).
 * Race-safe: two transactions asking at once get the same account. Works on a transaction or the db.
 */
export async function userAccount(
  db: Db,
  userId: bigint,
  currency: Currency,
  kind: UserAccountKind,
): Promise<Account> {
  if (typeof userId !== 'bigint') throw new TypeError('userId must be a bigint');
  if (!isUserAccountKind(kind)) throw new TypeError(`not a user account kind: ${kind}`);
  return getOrCreate(db, userId, currency, kind, 0);
}

/**
 * How many shards a hot platform account is spread over. Every order charges the platform's fee
 * account; as one row it would take every order's row lock in turn and serialise all trading.
 */
export const PLATFORM_SHARDS = 16;

/** The shard a user's traffic goes to (stable per user, so one user's history stays on one row). */
export const shardFor = (userId: bigint): number => Number(userId % BigInt(PLATFORM_SHARDS));

function checkShard(shard: number): number {
  if (!Number.isInteger(shard) || shard < 0 || shard >= PLATFORM_SHARDS) {
    throw new RangeError(`platform shard out of range: ${shard}`);
  }
  return shard;
}

/**
 * The platform's account of this kind and currency (shard 0 unless given), created on first use.
 * The platform's balance of a kind is the sum over its shards.
 */
export async function platformAccount(
  db: Db,
  kind: PlatformAccountKind,
  currency: Currency,
  shard = 0,
): Promise<Account> {
  if (!isPlatformAccountKind(kind)) throw new TypeError(`not a platform account kind: ${kind}`);
  return getOrCreate(db, null, currency, kind, checkShard(shard));
}

/** One account of {@link ledgerAccounts}: a user's (owner set) or the platform's (owner null, a shard). */
export type AccountSpec =
  | { owner: bigint; currency: Currency; kind: UserAccountKind }
  | { owner: null; currency: Currency; kind: PlatformAccountKind; shard?: number };

const specKey = (owner: bigint | null, currency: string, kind: string, shard: number) =>
  `${owner ?? '-'}/${currency}/${kind}/${shard}`;

/** A string naming the account a spec stands for: equal specs, equal keys (for maps of accounts). */
export const accountSpecKey = (spec: AccountSpec): string =>
  specKey(spec.owner, spec.currency, spec.kind, spec.owner === null ? (spec.shard ?? 0) : 0);

interface NormalSpec {
  owner: bigint | null;
  currency: Currency;
  kind: AccountKind;
  shard: number;
}

function normalize(spec: AccountSpec): NormalSpec {
  if (!isCurrency(spec.currency)) throw new TypeError(`not a currency: ${spec.currency}`);
  if (spec.owner === null) {
    if (!isPlatformAccountKind(spec.kind)) throw new TypeError(`not a platform account kind: ${spec.kind}`);
    const shard = checkShard(spec.shard ?? 0);
    return { owner: null, currency: spec.currency, kind: spec.kind as AccountKind, shard };
  }
  if (typeof spec.owner !== 'bigint') throw new TypeError('owner must be a bigint');
  if (!isUserAccountKind(spec.kind)) throw new TypeError(`not a user account kind: ${spec.kind}`);
  return { owner: spec.owner, currency: spec.currency, kind: spec.kind as AccountKind, shard: 0 };
}

/**
 * The accounts of many specs as one condition: the specs grouped by currency and kind, a group's owners
 * (or a platform group's shards) as one list, so a bulk operation's thousands of accounts are a few
 * index lookups rather than thousands of OR branches.
 */
const matchesAll = (eb: ExpressionBuilder<Database, 'ledger_account'>, norm: readonly NormalSpec[]) => {
  const groups = new Map<string, { first: NormalSpec; owners: bigint[]; shards: number[] }>();
  for (const n of norm) {
    const key = `${n.owner === null ? 'p' : 'u'}/${n.currency}/${n.kind}`;
    const g = groups.get(key) ?? { first: n, owners: [], shards: [] };
    if (n.owner === null) g.shards.push(n.shard);
    else g.owners.push(n.owner);
    groups.set(key, g);
  }
  return eb.or(
    [...groups.values()].map(({ first, owners, shards }) =>
      first.owner === null
        ? eb.and([
            eb('owner', 'is', null),
            eb('currency', '=', first.currency),
            eb('kind', '=', first.kind),
            sql<boolean>`shard = any(${sqlArray([...new Set(shards)], 'int4')})`,
          ])
        : eb.and([
            sql<boolean>`owner = any(${sqlArray([...new Set(owners)], 'int8')})`,
            eb('currency', '=', first.currency),
            eb('kind', '=', first.kind),
            eb('shard', '=', 0),
          ]),
    ),
  );
};

/**
 * Several accounts in one round trip, in the order asked, each created on first use exactly as
 * {@link userAccount} and {@link platformAccount} would (a hot path asks for three or four at once).
 */
export async function ledgerAccounts(db: Db, specs: readonly AccountSpec[]): Promise<Account[]> {
  const norm = specs.map(normalize);
  if (norm.length === 0) return [];
  const rows = await db
    .selectFrom('ledger_account')
    .selectAll()
    .where((eb) => matchesAll(eb, norm))
    .execute();
  const found = new Map(rows.map((r) => [specKey(r.owner, r.currency, r.kind, Number(r.shard)), r]));
  const out: Account[] = [];
  const created = new Map<string, Account>();
  for (const n of norm) {
    const key = specKey(n.owner, n.currency, n.kind, n.shard);
    const row = found.get(key);
    if (row) {
      out.push(toAccount(row));
      continue;
    }
    // created (or read) once however many specs name it
    const made = created.get(key) ?? (await getOrCreate(db, n.owner, n.currency, n.kind, n.shard));
    created.set(key, made);
    out.push(made);
  }
  return out;
}

/**
 * Several accounts locked (`FOR UPDATE`, in id order like {@link createTransfers}, so the two never
 * deadlock) and read with their balances, in the order asked; missing ones are created first. For an
 * operation whose amounts depend on a balance (a close charges at most what the cash can pay): the
 * balances stay as read until the transaction ends. One statement when the accounts exist.
 */
export async function lockLedgerAccounts(tx: Tx, specs: readonly AccountSpec[]): Promise<Account[]> {
  if (!tx.isTransaction) throw new Error('lockLedgerAccounts must run inside a transaction (withTx)');
  const norm = specs.map(normalize);
  if (norm.length === 0) return [];
  // The columns matched never change, so a row updated while this waits still matches when re-checked.
  const rows = await tx
    .selectFrom('ledger_account')
    .selectAll()
    .where((eb) => matchesAll(eb, norm))
    .orderBy('id')
    .forUpdate()
    .execute();
  const found = new Map(rows.map((r) => [specKey(r.owner, r.currency, r.kind, Number(r.shard)), r]));
  if (norm.every((n) => found.has(specKey(n.owner, n.currency, n.kind, n.shard)))) {
    return norm.map((n) => toAccount(found.get(specKey(n.owner, n.currency, n.kind, n.shard))!));
  }
  // the missing ones created in one statement (a bulk job's first use of thousands of accounts), then
  // all locked again together (in id order); a concurrent creator's row is kept (`do nothing`)
  const missing = new Map<string, NormalSpec>();
  for (const n of norm) {
    const key = specKey(n.owner, n.currency, n.kind, n.shard);
    if (!found.has(key)) missing.set(key, n);
  }
  const missingRows = rowSet(
    'v',
    { n: 'int4', owner: 'int8', currency: 'text', kind: 'text', shard: 'int4', flags: 'int4' },
    [...missing.values()].map((m, i) => ({ ...m, n: i, flags: defaultAccountFlags(m.kind) })),
  );
  await sql`
    insert into ledger_account (owner, currency, kind, shard, flags)
    select v.owner, v.currency, v.kind, v.shard, v.flags from ${missingRows} order by v.n
    on conflict (owner, currency, kind, shard) do nothing`.execute(tx);
  const all = await tx
    .selectFrom('ledger_account')
    .selectAll()
    .where((eb) => matchesAll(eb, norm))
    .orderBy('id')
    .forUpdate()
    .execute();
  const made = new Map(all.map((r) => [specKey(r.owner, r.currency, r.kind, Number(r.shard)), r]));
  return norm.map((n) => {
    const row = made.get(specKey(n.owner, n.currency, n.kind, n.shard));
    if (!row) throw new Error(`ledger account ${n.owner ?? 'platform'}/${n.currency}/${n.kind} vanished`);
    return toAccount(row);
  });
}

/** The accounts of a batch, locked together: each by its spec, and every one by id. */
export interface LockedAccounts {
  /** The account a spec stands for (it must have been asked for). */
  get(spec: AccountSpec): Account;
  /** Every account locked, by id, as read (what `createTransfers` takes as already locked). */
  byId: Map<bigint, Account>;
}

/**
 * A batch's accounts locked at once as {@link lockLedgerAccounts} locks them (one statement, id order),
 * each asked for once however many of the batch's rows name it.
 */
export async function lockAccountSet(tx: Tx, specs: Iterable<AccountSpec>): Promise<LockedAccounts> {
  const unique = new Map<string, AccountSpec>();
  for (const spec of specs) unique.set(accountSpecKey(spec), spec);
  const list = [...unique.values()];
  const locked = await lockLedgerAccounts(tx, list);
  const byKey = new Map(list.map((spec, i) => [accountSpecKey(spec), locked[i]]));
  return {
    get(spec) {
      const a = byKey.get(accountSpecKey(spec));
      if (!a) throw new Error(`account not locked for this batch: ${accountSpecKey(spec)}`);
      return a;
    },
    byId: new Map(locked.map((a) => [a.id, a])),
  };
}

/**
 * Lock accounts in id order. (PostgreSQL sorts before it locks when a locking SELECT has an ORDER BY,
 * so two batches on overlapping accounts queue instead of deadlocking.) The WHERE clause is a plain
 * id list (one array parameter: a batch's thousands of ids cost one bind, not one each) on purpose: under READ COMMITTED, a row updated while we waited is re-checked against the
 * clause, and a sub-select there could make PostgreSQL skip it.
 */
export async function lockAccountsById(tx: Tx, accountIds: AccountId[]): Promise<Map<AccountId, Account>> {
  if (accountIds.length === 0) return new Map();
  const rows = await tx
    .selectFrom('ledger_account')
    .selectAll()
    .where(sql<boolean>`id = any(${sqlArray(accountIds, 'int8')})`)
    .orderBy('id')
    .forUpdate()
    .execute();
  return new Map(rows.map((r) => [r.id, toAccount(r)]));
}

/** Create every platform account for these currencies up front (start-up), so no request races to. */
export async function ensurePlatformAccounts(
  db: Db,
  currencies: readonly Currency[] = CURRENCIES,
): Promise<Account[]> {
  const out: Account[] = [];
  for (const currency of currencies) {
    for (const kind of PLATFORM_ACCOUNT_KINDS) out.push(await platformAccount(db, kind, currency));
  }
  return out;
}

async function getOrCreate(
  db: Db,
  owner: bigint | null,
  currency: Currency,
  kind: AccountKind,
  shard: number,
): Promise<Account> {
  if (!isCurrency(currency)) throw new TypeError(`not a currency: ${currency}`);
  const existing = await findAccount(db, owner, currency, kind, shard);
  if (existing) return existing;
  // A concurrent creator makes this insert wait, then do nothing; the re-read below sees its row.
  const inserted = await db
    .insertInto('ledger_account')
    .values({ owner, currency, kind, shard, flags: defaultAccountFlags(kind) })
    .onConflict((oc) => oc.columns(['owner', 'currency', 'kind', 'shard']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return toAccount(inserted);
  const raced = await findAccount(db, owner, currency, kind, shard);
  if (!raced) throw new Error(`ledger account ${owner ?? 'platform'}/${currency}/${kind} vanished`);
  return raced;
}

async function findAccount(
  db: Db,
  owner: bigint | null,
  currency: Currency,
  kind: AccountKind,
  shard: number,
): Promise<Account | undefined> {
  const row = await db
    .selectFrom('ledger_account')
    .selectAll()
    .where('owner', owner === null ? 'is' : '=', owner)
    .where('currency', '=', currency)
    .where('kind', '=', kind)
    .where('shard', '=', shard)
    .executeTakeFirst();
  return row ? toAccount(row) : undefined;
}

export async function getAccount(db: Db, id: AccountId): Promise<Account | undefined> {
  const row = await db.selectFrom('ledger_account').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toAccount(row) : undefined;
}

/** Every account a user has (any currency, any kind), by id. */
export async function userAccounts(db: Db, userId: bigint): Promise<Account[]> {
  const rows = await db
    .selectFrom('ledger_account')
    .selectAll()
    .where('owner', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map(toAccount);
}

/**
 * Close (or reopen) an account. A closed account refuses new transfers and posts; voids still go
 * through, so reservations can be released. Balances are untouched.
 */
export async function setAccountClosed(tx: Tx, id: AccountId, closed: boolean): Promise<Account> {
  const row = await tx
    .selectFrom('ledger_account')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new LedgerError('account_not_found');
  const flags = closed ? Number(row.flags) | AccountFlags.closed : Number(row.flags) & ~AccountFlags.closed;
  const updated = await tx
    .updateTable('ledger_account')
    .set({ flags })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toAccount(updated);
}
