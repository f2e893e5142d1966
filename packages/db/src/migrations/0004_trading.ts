import { type Kysely, sql } from 'kysely';

// Frozen snapshot: the markets are spelled out here rather than imported.
const MARKETS = sql.join(
  ['jpy', 'usd', 'cny', 'krw'].map((v) => sql.lit(v)),
  sql`, `,
);
const now = sql`now()`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('watchlist')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('market', 'text', (c) => c.notNull().check(sql`market in (${MARKETS})`))
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('watchlist_user_symbol', ['user_id', 'market', 'symbol'])
    .execute();
  await db.schema.createIndex('watchlist_symbol_idx').on('watchlist').columns(['market', 'symbol']).execute();

  await db.schema
    .createTable('position')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('market', 'text', (c) => c.notNull().check(sql`market in (${MARKETS})`))
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('direction', 'smallint', (c) => c.notNull().check(sql`direction in (1, 2)`))
    .addColumn('order_type', 'smallint', (c) => c.notNull().check(sql`order_type in (1, 2)`))
    .addColumn('leverage', 'integer', (c) => c.notNull().check(sql`leverage between 1 and 1000`))
    .addColumn('quantity', 'bigint', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('limit_price', 'bigint', (c) => c.check(sql`limit_price > 0`))
    .addColumn('open_price', 'bigint', (c) => c.check(sql`open_price > 0`))
    .addColumn('close_price', 'bigint', (c) => c.check(sql`close_price > 0`))
    .addColumn('margin', 'bigint', (c) => c.notNull().check(sql`margin > 0`))
    .addColumn('buy_fee', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`buy_fee >= 0`))
    .addColumn('sell_fee', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`sell_fee >= 0`))
    .addColumn('stamp_duty', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`stamp_duty >= 0`))
    .addColumn('pnl', 'bigint')
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(3).check(sql`status between 0 and 4`))
    .addColumn('hold_margin_transfer', 'bigint', (c) => c.references('ledger_transfer.id'))
    .addColumn('hold_fee_transfer', 'bigint', (c) => c.references('ledger_transfer.id'))
    .addColumn('close_reason', 'text', (c) => c.check(sql`close_reason in ('user', 'forced')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('filled_at', 'timestamptz')
    .addColumn('closed_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('position_user_idx')
    .on('position')
    .columns(['user_id', 'status', 'id'])
    .execute();
  // The jobs scan open and pending positions only.
  await db.schema
    .createIndex('position_open_idx')
    .on('position')
    .columns(['status', 'market'])
    .where(sql<boolean>`status in (0, 2, 3)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('position').execute();
  await db.schema.dropTable('watchlist').execute();
}
