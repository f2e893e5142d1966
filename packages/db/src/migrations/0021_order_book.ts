import { type Kysely, sql } from 'kysely';

/**
 * The order book: when an order executes (`timing` any, on the open or on the close), until when it is
 * valid (`valid_until`, an exchange-local date; null: the day it was placed, as before), the call auction
 * it waits for (`waits_for`, the instant; null: it rests in continuous trading), whether it is a market
 * order waiting at a locked limit for the close's allocation (`locked`), and, for a partial close, the
 * position the closed part was split from (`split_from`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('position')
    .addColumn('timing', 'text', (c) => c.notNull().defaultTo('any'))
    .addColumn('valid_until', 'text')
    .addColumn('waits_for', 'timestamptz')
    .addColumn('locked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('split_from', 'bigint', (c) => c.references('position.id'))
    .execute();
  await db.schema
    .alterTable('position')
    .addCheckConstraint('position_timing_check', sql`timing in ('any', 'open', 'close')`)
    .execute();
  await db.schema
    .createIndex('position_waiting')
    .on('position')
    .column('waits_for')
    .where(sql.ref('status'), '=', 3)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('position_waiting').execute();
  await db.schema
    .alterTable('position')
    .dropColumn('split_from')
    .dropColumn('locked')
    .dropColumn('waits_for')
    .dropColumn('valid_until')
    .dropColumn('timing')
    .execute();
}
