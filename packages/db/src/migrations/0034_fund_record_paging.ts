import { type Kysely, sql } from 'kysely';

/**
 * Fund records page by a seek, not a walk: the user's records index (user, time, id) also carries the
 * wallet and the record type, so the ids of a page of a filtered list, and its total, come from the index
 * alone (an index-only scan), and a page deep in a long history reads its 20 rows of the table, not every
 * row before them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index fund_record_user_page_idx on fund_record (user_id, created_at, id) include (currency, type)`.execute(
    db,
  );
  await db.schema.dropIndex('fund_record_user_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('fund_record_user_idx')
    .on('fund_record')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('fund_record_user_page_idx').execute();
}
