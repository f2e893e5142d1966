import { type Kysely, sql } from 'kysely';

/**
 * The cash each sale brought in, with its settlement date (the market's cycle on its calendar): sale
 * proceeds are available for trading at once but withdrawable only from that date. Written in the
 * transaction of the close that credited the cash; never updated. What is withdrawable is computed from
 * it (the available cash less the proceeds not settled yet), so no job has to release anything.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sale_proceeds')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('position_id', 'bigint', (c) => c.notNull().unique().references('position.id'))
    .addColumn('trade_date', 'text', (c) => c.notNull())
    .addColumn('settles_on', 'text', (c) =>
      c.notNull().check(sql`settles_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
    )
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('sale_proceeds_user_idx')
    .on('sale_proceeds')
    .columns(['user_id', 'currency', 'settles_on'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sale_proceeds').execute();
}
