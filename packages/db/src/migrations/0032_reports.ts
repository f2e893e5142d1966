import { type Kysely, sql } from 'kysely';

/**
 * The users' reports (PDF): 取引報告書 (`trade`, the fills of one JST date), 取引残高報告書 (`balance`, a
 * quarter) and 年間取引報告書 (`annual`, a tax year). One row per user, kind and period, made once by the
 * daily reports job: the PDF itself sits in the file store under `file` (sealed like the uploads), with
 * its SHA-256 and size; a report never changes once made.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('report')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('trade', 'balance', 'annual')`))
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('period_end', 'text', (c) => c.notNull())
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('report_once', ['user_id', 'kind', 'period_start', 'period_end'])
    .execute();
  await sql`create index report_user_idx on report (user_id, period_end desc, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('report').execute();
}
