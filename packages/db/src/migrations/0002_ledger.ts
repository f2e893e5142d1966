import { type Kysely, sql } from 'kysely';

// Migrations are frozen snapshots: the lists are spelled out here rather than imported.
const CURRENCIES = ['jpy', 'usd', 'cny', 'krw', 'twd', 'hkd', 'thb', 'vnd', 'myr'];
const USER_KINDS = ['cash', 'margin', 'loan'];
const PLATFORM_KINDS = ['bank', 'fees', 'fx', 'loans', 'counterparty', 'ipo', 'products'];

const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql.lit(v)),
    sql`, `,
  );

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ledger_account')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('owner', 'bigint')
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in (${list(CURRENCIES)})`))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in (${list([...USER_KINDS, ...PLATFORM_KINDS])})`),
    )
    // 1 debits_must_not_exceed_credits, 2 credits_must_not_exceed_debits (exclusive), 4 closed
    .addColumn('flags', 'integer', (c) =>
      c.notNull().defaultTo(0).check(sql`flags & ~7 = 0 and flags & 3 <> 3`),
    )
    .addColumn('debits_pending', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`debits_pending >= 0`))
    .addColumn('debits_posted', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`debits_posted >= 0`))
    .addColumn('credits_pending', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`credits_pending >= 0`))
    .addColumn('credits_posted', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`credits_posted >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // one account per (owner, currency, kind); platform accounts (owner null) are unique too
    .addUniqueConstraint('ledger_account_owner_key', ['owner', 'currency', 'kind'], (u) =>
      u.nullsNotDistinct(),
    )
    // target of the transfers' (account, currency) foreign keys
    .addUniqueConstraint('ledger_account_currency_key', ['id', 'currency'])
    .addCheckConstraint(
      'ledger_account_owner_check',
      sql`(owner is null) = (kind in (${list(PLATFORM_KINDS)}))`,
    )
    // the flags, enforced again by the database; the ledger refuses first with a typed error
    .addCheckConstraint(
      'ledger_account_debits_limit',
      sql`flags & 1 = 0 or debits_pending::numeric + debits_posted <= credits_posted`,
    )
    .addCheckConstraint(
      'ledger_account_credits_limit',
      sql`flags & 2 = 0 or credits_pending::numeric + credits_posted <= debits_posted`,
    )
    .execute();

  await db.schema
    .createTable('ledger_transfer')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('debit_account', 'bigint', (c) => c.notNull())
    .addColumn('credit_account', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().check(sql`code ~ '^[a-z][a-z0-9_]{0,31}$'`))
    // 1 linked, 2 pending, 4 post_pending, 8 void_pending (at most one of the last three)
    .addColumn('flags', 'integer', (c) =>
      c.notNull().defaultTo(0).check(sql`flags & ~15 = 0 and flags & 14 in (0, 2, 4, 8)`),
    )
    // a pending transfer is resolved (posted or voided) at most once
    .addColumn('pending_id', 'bigint', (c) => c.references('ledger_transfer.id').unique())
    .addColumn('operation_ref', 'text')
    .addColumn('memo', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addForeignKeyConstraint('ledger_transfer_debit_fk', ['debit_account', 'currency'], 'ledger_account', [
      'id',
      'currency',
    ])
    .addForeignKeyConstraint('ledger_transfer_credit_fk', ['credit_account', 'currency'], 'ledger_account', [
      'id',
      'currency',
    ])
    .addCheckConstraint('ledger_transfer_accounts_differ', sql`debit_account <> credit_account`)
    .addCheckConstraint('ledger_transfer_resolves_check', sql`(flags & 12 <> 0) = (pending_id is not null)`)
    .execute();

  await db.schema
    .createIndex('ledger_transfer_debit_idx')
    .on('ledger_transfer')
    .columns(['debit_account', 'id'])
    .execute();
  await db.schema
    .createIndex('ledger_transfer_credit_idx')
    .on('ledger_transfer')
    .columns(['credit_account', 'id'])
    .execute();
  await db.schema
    .createIndex('ledger_transfer_ref_idx')
    .on('ledger_transfer')
    .column('operation_ref')
    .where(sql.ref('operation_ref'), 'is not', null)
    .execute();

  // Transfers are facts: corrections are new transfers, never edits.
  await sql`
    create function ledger_transfer_immutable() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger_transfer is append-only: % refused', tg_op
        using errcode = 'restrict_violation';
    end
    $$`.execute(db);
  await sql`
    create trigger ledger_transfer_no_update_delete
    before update or delete on ledger_transfer
    for each row execute function ledger_transfer_immutable()`.execute(db);
  await sql`
    create trigger ledger_transfer_no_truncate
    before truncate on ledger_transfer
    for each statement execute function ledger_transfer_immutable()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ledger_transfer').execute();
  await sql`drop function if exists ledger_transfer_immutable()`.execute(db);
  await db.schema.dropTable('ledger_account').execute();
}
