import { type Kysely, sql } from 'kysely';

const now = sql`now()`;

/**
 * Operators' market closures: a day a market does not trade (`closed`) or closes early (`half_day` at
 * `close_at`, exchange-local HH:MM), entered in the back office when the built-in holiday tables are
 * behind. One per market and day; removing one deletes its row (the audit log keeps both actions).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('market_closure')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('market', 'text', (c) => c.notNull().check(sql`market in ('jpy', 'usd', 'cny', 'krw')`))
    .addColumn('date', 'text', (c) => c.notNull().check(sql`date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('closed', 'half_day')`))
    .addColumn('close_at', 'text', (c) => c.check(sql`close_at ~ '^[0-2][0-9]:[0-5][0-9]$'`))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(name) between 1 and 100`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_by', 'bigint', (c) => c.references('operator.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('market_closure_half_day', sql`(kind = 'half_day') = (close_at is not null)`)
    .addUniqueConstraint('market_closure_market_date', ['market', 'date'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('market_closure').execute();
}
