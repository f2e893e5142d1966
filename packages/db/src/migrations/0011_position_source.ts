import { type Kysely, sql } from 'kysely';

/**
 * Where a position came from and what kind it is, for the products that hand out shares:
 * `source` order (an order of the user's), new_share (an IPO allotment), block (a block-trade allocation),
 * after_market (a trade at the closing price); `day_trade` true for a day-trading position (the wire's
 * `dz_type` 3), which is force-closed before the close.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('position')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('order'))
    .addColumn('day_trade', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('position')
    .addCheckConstraint(
      'position_source_check',
      sql`source in ('order', 'new_share', 'block', 'after_market')`,
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('position').dropColumn('day_trade').dropColumn('source').execute();
}
