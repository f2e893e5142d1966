import { type Kysely, sql } from 'kysely';

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

/**
 * Corporate actions on the books.
 *
 * - `corporate_action`: one row per announced action (symbol, ex-date, kind), the key that applies it
 *   exactly once: `applied_at` is set in the transaction that adjusts every book of the symbol, and a
 *   dividend's `paid_at` in the one that pays it on the payment date.
 * - `dividend_entitlement`: what each position was entitled to on the ex-date (its role, the gross, the
 *   tax kept back in its parts, the signed amount), the transfer that booked it and, for a payout on
 *   the payment date, the one that paid it.
 * - Two user ledger account kinds (the owner check lists only the platform's) that count in total assets: `allotment` (paid IPO allotments awaiting
 *   listing) and `dividend` (dividends gone ex, to be paid on the payment date).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const kinds = await accountKinds(db);
  const add = ['allotment', 'dividend'].filter((k) => !kinds.includes(k));
  if (add.length > 0) await setAccountKinds(db, [...kinds, ...add]);

  await db.schema
    .createTable('corporate_action')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('market', 'text', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('split', 'dividend')`))
    .addColumn('ex_date', 'text', (c) => c.notNull())
    .addColumn('record_date', 'text', (c) => c.notNull())
    .addColumn('payment_date', 'text', (c) => c.notNull())
    .addColumn('ratio_num', 'bigint', (c) => c.notNull().defaultTo(1).check(sql`ratio_num > 0`))
    .addColumn('ratio_den', 'bigint', (c) => c.notNull().defaultTo(1).check(sql`ratio_den > 0`))
    .addColumn('cash', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`cash >= 0`))
    .addColumn('source_ppm', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('prev_close', 'bigint')
    .addColumn('base', 'bigint')
    .addColumn('positions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('applied_at', 'timestamptz')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('corporate_action_key', ['symbol', 'ex_date', 'kind'])
    .execute();
  await db.schema
    .createIndex('corporate_action_due_idx')
    .on('corporate_action')
    .columns(['ex_date'])
    .where(sql<boolean>`applied_at is null`)
    .execute();
  await db.schema
    .createIndex('corporate_action_payment_idx')
    .on('corporate_action')
    .columns(['payment_date'])
    .where(sql<boolean>`paid_at is null and kind = 'dividend'`)
    .execute();

  await db.schema
    .createTable('dividend_entitlement')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('action_id', 'bigint', (c) => c.notNull().references('corporate_action.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('position_id', 'bigint', (c) => c.notNull().references('position.id'))
    .addColumn('role', 'text', (c) =>
      c.notNull().check(sql`role in ('holder', 'lender', 'margin_long', 'short')`),
    )
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('gross', 'bigint', (c) => c.notNull())
    .addColumn('foreign_tax', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('national_tax', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('local_tax', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('transfer_id', 'bigint', (c) => c.references('ledger_transfer.id'))
    .addColumn('paid_transfer_id', 'bigint', (c) => c.references('ledger_transfer.id'))
    .addColumn('paid_at', 'timestamptz')
    .addUniqueConstraint('dividend_entitlement_key', ['action_id', 'position_id'])
    .execute();
  await db.schema
    .createIndex('dividend_entitlement_user_idx')
    .on('dividend_entitlement')
    .columns(['user_id', 'action_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('dividend_entitlement').execute();
  await db.schema.dropTable('corporate_action').execute();
  const kinds = await accountKinds(db);
  await setAccountKinds(
    db,
    kinds.filter((k) => k !== 'allotment' && k !== 'dividend'),
  );
}
