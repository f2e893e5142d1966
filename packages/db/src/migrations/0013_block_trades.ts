import { type Kysely, sql } from 'kysely';

// Frozen snapshot: the markets are spelled out here rather than imported.
const MARKETS = sql.join(
  ['jpy', 'usd', 'cny', 'krw'].map((v) => sql.lit(v)),
  sql`, `,
);
const now = sql`now()`;

/**
 * Block-trade offerings and their subscriptions.
 *
 * An offering sells `shares` of an instrument at a fixed `price` between `start_at` and `end_at`, in lots
 * of `min_shares` (100); a private placement has a password (stored hashed). The allocation's seed is
 * drawn at creation and only its SHA-256 (`commitment`) is shown until the allocation, when the seed is
 * revealed: anyone can re-run the pro-rata allocation from (seed, subscriptions, shares).
 * Offering status: 0 open (or scheduled), 1 allocated, 2 cancelled.
 *
 * One subscription per user and offering. A subscription holds `amount` (price × quantity) by a pending ledger transfer; at the allocation it is
 * 1 allocated (the allocated part posted, a position opened) or 2 refunded (the hold voided).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('block_offering')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('market', 'text', (c) => c.notNull().check(sql`market in (${MARKETS})`))
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull().check(sql`price > 0`))
    .addColumn('shares', 'bigint', (c) => c.notNull().check(sql`shares > 0 and shares % 100 = 0`))
    .addColumn('min_shares', 'bigint', (c) => c.notNull().defaultTo(100).check(sql`min_shares = 100`))
    .addColumn('password_hash', 'text')
    .addColumn('start_at', 'timestamptz', (c) => c.notNull())
    .addColumn('end_at', 'timestamptz', (c) => c.notNull())
    .addColumn('seed', 'text', (c) => c.notNull())
    .addColumn('commitment', 'text', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`status in (0, 1, 2)`))
    .addColumn('subscribed', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`subscribed >= 0`))
    .addColumn('allocated', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`allocated >= 0`))
    .addColumn('allocated_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('block_offering_window', sql`end_at > start_at`)
    .addCheckConstraint('block_offering_allocated', sql`allocated <= shares`)
    .execute();
  await db.schema
    .createIndex('block_offering_open_idx')
    .on('block_offering')
    .columns(['status', 'end_at'])
    .execute();

  await db.schema
    .createTable('block_subscription')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('offering_id', 'bigint', (c) => c.notNull().references('block_offering.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('quantity', 'bigint', (c) => c.notNull().check(sql`quantity > 0 and quantity % 100 = 0`))
    .addColumn('price', 'bigint', (c) => c.notNull().check(sql`price > 0`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('hold_transfer', 'bigint', (c) => c.notNull().references('ledger_transfer.id'))
    .addColumn('allocated', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`allocated >= 0`))
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`status in (0, 1, 2)`))
    .addColumn('position_id', 'bigint', (c) => c.references('position.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('decided_at', 'timestamptz')
    .addCheckConstraint('block_subscription_allocated', sql`allocated <= quantity`)
    .addUniqueConstraint('block_subscription_once', ['offering_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('block_subscription_user_idx')
    .on('block_subscription')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('block_subscription_offering_idx')
    .on('block_subscription')
    .columns(['offering_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('block_subscription').execute();
  await db.schema.dropTable('block_offering').execute();
}
