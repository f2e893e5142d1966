import { type Kysely, sql } from 'kysely';

// Frozen snapshots: the lists are spelled out here rather than imported.
const MARKETS = sql.join(
  ['jpy', 'usd', 'cny', 'krw'].map((v) => sql.lit(v)),
  sql`, `,
);
const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql.lit(v)),
    sql`, `,
  );
const PLATFORM_KINDS = ['bank', 'fees', 'fx', 'loans', 'counterparty', 'ipo', 'products'];
const KINDS_BEFORE = ['cash', 'margin', 'loan', ...PLATFORM_KINDS];
const KINDS_AFTER = ['cash', 'margin', 'loan', 'stake', ...PLATFORM_KINDS];
const now = sql`now()`;

/**
 * Copy-trade products: model portfolios with a NAV from market prices, and the users' stakes in them.
 *
 * - `ledger_account.kind` gains `stake`: a user's money in copy-trade products (counted in frozen and
 *   total assets; debits may not exceed credits, so a stake cannot go below zero).
 * - `product`: issuer, names, stated daily target (`target_bp`, shown only), minimum, capacity and the
 *   amount raised, lock-in days, follow deadline, end; status 0 listed, 1 delisted (no new follows),
 *   2 ended (every stake returned).
 * - `product_constituent`: the current portfolio: weight (basis points) and quantity per product unit
 *   (× 10^12 shares), fixed at inception and at each rebalance at market prices.
 * - `product_nav`: the NAV fixed at each close of the product's market (one row per product and day).
 * - `product_rebalance`: every rebalance, with the operator's reason and the weights before and after.
 * - `product_stake`: a user's stake: invested amount, units bought at the entry NAV, the money still in
 *   the stake, the P&L booked so far, the last NAV booked; status 0 following, 1 ended, 2 locked.
 * - `product_stake_day`: one row per stake and trading day booked (its primary key makes the daily job
 *   book a day once however often it runs).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ledger_account').dropConstraint('ledger_account_kind_check').execute();
  await db.schema
    .alterTable('ledger_account')
    .addCheckConstraint('ledger_account_kind_check', sql`kind in (${list(KINDS_AFTER)})`)
    .execute();

  await db.schema
    .createTable('product')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('market', 'text', (c) => c.notNull().check(sql`market in (${MARKETS})`))
    .addColumn('name_jp', 'text', (c) => c.notNull())
    .addColumn('name_cn', 'text', (c) => c.notNull())
    .addColumn('name_us', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('target_bp', 'integer', (c) => c.notNull().check(sql`target_bp between -10000 and 10000`))
    .addColumn('minimum', 'bigint', (c) => c.notNull().check(sql`minimum > 0`))
    .addColumn('capacity', 'bigint', (c) => c.notNull().check(sql`capacity > 0`))
    .addColumn('raised', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`raised >= 0`))
    .addColumn('lock_days', 'integer', (c) => c.notNull().check(sql`lock_days between 0 and 3650`))
    .addColumn('inception', 'text', (c) => c.notNull())
    .addColumn('deadline_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`status in (0, 1, 2)`))
    .addColumn('ended_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('product_window', sql`ends_at >= deadline_at`)
    .execute();

  await db.schema
    .createTable('product_constituent')
    .addColumn('product_id', 'bigint', (c) => c.notNull().references('product.id'))
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('weight_bp', 'integer', (c) => c.notNull().check(sql`weight_bp between 1 and 10000`))
    .addColumn('qty', 'bigint', (c) => c.notNull().check(sql`qty >= 0`))
    .addPrimaryKeyConstraint('product_constituent_pkey', ['product_id', 'symbol'])
    .execute();

  await db.schema
    .createTable('product_nav')
    .addColumn('product_id', 'bigint', (c) => c.notNull().references('product.id'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('nav', 'bigint', (c) => c.notNull().check(sql`nav >= 0`))
    .addColumn('fixed_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('product_nav_pkey', ['product_id', 'date'])
    .execute();

  await db.schema
    .createTable('product_rebalance')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('product_id', 'bigint', (c) => c.notNull().references('product.id'))
    .addColumn('operator_id', 'bigint')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('nav', 'bigint', (c) => c.notNull())
    .addColumn('before', 'jsonb', (c) => c.notNull())
    .addColumn('after', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('product_rebalance_product_idx')
    .on('product_rebalance')
    .columns(['product_id', 'id'])
    .execute();

  await db.schema
    .createTable('product_stake')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('product_id', 'bigint', (c) => c.notNull().references('product.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('market', 'text', (c) => c.notNull().check(sql`market in (${MARKETS})`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('units', 'bigint', (c) => c.notNull().check(sql`units >= 0`))
    .addColumn('entry_nav', 'bigint', (c) => c.notNull().check(sql`entry_nav > 0`))
    .addColumn('last_nav', 'bigint', (c) => c.notNull())
    .addColumn('last_date', 'text')
    .addColumn('stake', 'bigint', (c) => c.notNull().check(sql`stake >= 0`))
    .addColumn('profit', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'smallint', (c) => c.notNull().check(sql`status in (0, 1, 2)`))
    .addColumn('lock_until', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('ended_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('product_stake_user_idx')
    .on('product_stake')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('product_stake_product_idx')
    .on('product_stake')
    .columns(['product_id', 'status'])
    .execute();

  await db.schema
    .createTable('product_stake_day')
    .addColumn('stake_id', 'bigint', (c) => c.notNull().references('product_stake.id'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('nav', 'bigint', (c) => c.notNull())
    .addColumn('pnl', 'bigint', (c) => c.notNull())
    .addColumn('transfer_id', 'bigint', (c) => c.references('ledger_transfer.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('product_stake_day_pkey', ['stake_id', 'date'])
    .execute();
}

/** Only while no stake account exists: dropping the kind would orphan posted transfers. */
export async function down(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from ledger_account where kind = 'stake'`.execute(db);
  if (Number(rows[0].n) > 0) {
    throw new Error('0014_copy_products cannot be undone: stake ledger accounts exist and hold transfers');
  }
  for (const t of [
    'product_stake_day',
    'product_stake',
    'product_rebalance',
    'product_nav',
    'product_constituent',
    'product',
  ])
    await db.schema.dropTable(t).execute();
  await db.schema.alterTable('ledger_account').dropConstraint('ledger_account_kind_check').execute();
  await db.schema
    .alterTable('ledger_account')
    .addCheckConstraint('ledger_account_kind_check', sql`kind in (${list(KINDS_BEFORE)})`)
    .execute();
}
