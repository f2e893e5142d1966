import { type Kysely, sql } from 'kysely';

const now = sql`now()`;
// Frozen snapshot: the account types are spelled out here rather than imported.
const KINDS = sql.join(
  ['withholding', 'no_withholding', 'general'].map((v) => sql.lit(v)),
  sql`, `,
);

/** The ledger account kinds the current check allows (other areas may have added some). */
async function accountKinds(db: Kysely<any>): Promise<string[]> {
  const r = await sql<{ def: string }>`
    select pg_get_constraintdef(c.oid) as def from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    where t.relname = 'ledger_account' and c.conname = 'ledger_account_kind_check'
      and t.relnamespace = (select oid from pg_namespace where nspname = current_schema())`.execute(db);
  const kinds = [...(r.rows[0]?.def ?? '').matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
  if (!kinds.includes('cash'))
    throw new Error('ledger_account_kind_check: the account kinds could not be read');
  return kinds;
}

async function setAccountKinds(db: Kysely<any>, kinds: string[]): Promise<void> {
  await sql`alter table ledger_account drop constraint if exists ledger_account_kind_check`.execute(db);
  const list = sql.join(
    kinds.map((k) => sql.lit(k)),
    sql`, `,
  );
  await sql`alter table ledger_account add constraint ledger_account_kind_check check (kind in (${list}))`.execute(
    db,
  );
}

/** The platform kinds the owner check lists (a platform account has no owner, a user account has one). */
async function platformKinds(db: Kysely<any>): Promise<string[]> {
  const r = await sql<{ def: string }>`
    select pg_get_constraintdef(c.oid) as def from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    where t.relname = 'ledger_account' and c.conname = 'ledger_account_owner_check'
      and t.relnamespace = (select oid from pg_namespace where nspname = current_schema())`.execute(db);
  const kinds = [...(r.rows[0]?.def ?? '').matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
  if (!kinds.includes('bank'))
    throw new Error('ledger_account_owner_check: the platform kinds could not be read');
  return kinds;
}

async function setPlatformKinds(db: Kysely<any>, kinds: string[]): Promise<void> {
  await sql`alter table ledger_account drop constraint if exists ledger_account_owner_check`.execute(db);
  const list = sql.join(
    kinds.map((k) => sql.lit(k)),
    sql`, `,
  );
  await sql`alter table ledger_account add constraint ledger_account_owner_check check ((owner is null) = (kind in (${list})))`.execute(
    db,
  );
}

/**
 * Tax (特定口座) and NISA.
 *
 * `tax_account`: the user's account type (withholding 源泉徴収あり — also what a user without a row has,
 * no_withholding 源泉徴収なし, general 一般口座), whether a NISA account is open beside it, and the tax year
 * of the user's own last choice (once a year; the back office may override, audited).
 *
 * `tax_book`: the moving-average cost book per user, stock and book (NISA apart): shares and average
 * cost per share in yen. `tax_acquisition`: the cash purchases folded into a book (one row per position,
 * so a purchase is counted once), with their yen cost at the purchase date's TTM.
 *
 * `tax_year`: a user's running net realised gain of a tax year and the tax withheld so far (national
 * and local apart), the state each sale's withholding steps from. `tax_event`: one row per taxable close
 * (or NISA sale): the yen proceeds, cost and gain, the account type that applied, and the tax withheld
 * (positive) or refunded (negative) with the ledger transfers that moved it.
 *
 * `position.nisa`: bought into NISA; `nisa_amount`: the yen the order counted against the NISA quota.
 * `ledger_account.kind` gains `tax_withheld`: the platform's account of tax withheld (yen).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const kinds = await accountKinds(db);
  if (!kinds.includes('tax_withheld')) await setAccountKinds(db, [...kinds, 'tax_withheld']);
  const platform = await platformKinds(db);
  if (!platform.includes('tax_withheld')) await setPlatformKinds(db, [...platform, 'tax_withheld']);

  await db.schema
    .alterTable('position')
    .addColumn('nisa', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('nisa_amount', 'bigint', (c) => c.check(sql`nisa_amount >= 0`))
    .execute();
  await sql`create index position_nisa_idx on position (user_id) where nisa`.execute(db);

  await db.schema
    .createTable('tax_account')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('app_user.id'))
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('withholding').check(sql`kind in (${KINDS})`))
    .addColumn('nisa', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('chosen_year', 'integer')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('tax_book')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('nisa', 'boolean', (c) => c.notNull())
    .addColumn('quantity', 'bigint', (c) => c.notNull().check(sql`quantity >= 0`))
    .addColumn('unit_cost', 'bigint', (c) => c.notNull().check(sql`unit_cost >= 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('tax_book_pk', ['user_id', 'symbol', 'nisa'])
    .execute();

  await db.schema
    .createTable('tax_acquisition')
    .addColumn('position_id', 'bigint', (c) => c.primaryKey().references('position.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('nisa', 'boolean', (c) => c.notNull())
    .addColumn('quantity', 'bigint', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('cost', 'bigint', (c) => c.notNull().check(sql`cost >= 0`))
    .addColumn('acquired_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('tax_year')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('net', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('national', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`national >= 0`))
    .addColumn('local', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`local >= 0`))
    .addPrimaryKeyConstraint('tax_year_pk', ['user_id', 'year'])
    .execute();

  await db.schema
    .createTable('tax_event')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('position_id', 'bigint', (c) => c.notNull().unique().references('position.id'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in (${KINDS}, 'nisa')`))
    .addColumn('market', 'text', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('proceeds', 'bigint', (c) => c.notNull())
    .addColumn('cost', 'bigint', (c) => c.notNull())
    .addColumn('gain', 'bigint', (c) => c.notNull())
    .addColumn('national', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('local', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('national_transfer', 'bigint', (c) => c.references('ledger_transfer.id'))
    .addColumn('local_transfer', 'bigint', (c) => c.references('ledger_transfer.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tax_event_user_idx')
    .on('tax_event')
    .columns(['user_id', 'year', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tax_event').execute();
  await db.schema.dropTable('tax_year').execute();
  await db.schema.dropTable('tax_acquisition').execute();
  await db.schema.dropTable('tax_book').execute();
  await db.schema.dropTable('tax_account').execute();
  await sql`drop index if exists position_nisa_idx`.execute(db);
  await db.schema.alterTable('position').dropColumn('nisa_amount').dropColumn('nisa').execute();
  await setPlatformKinds(
    db,
    (await platformKinds(db)).filter((k) => k !== 'tax_withheld'),
  );
  await setAccountKinds(
    db,
    (await accountKinds(db)).filter((k) => k !== 'tax_withheld'),
  );
}
