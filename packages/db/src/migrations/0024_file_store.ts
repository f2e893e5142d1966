import { type Kysely, sql } from 'kysely';

/**
 * Files every instance shares (FILES_STORE=database, the default): each upload's bytes, encrypted
 * (AES-256-GCM; the key id is in the bytes' header), keyed by the upload's name. `upload.deleted_at`
 * says when its bytes were deleted (by the KYC images' retention rule); the row stays, since the
 * submissions that named it keep their history.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stored_file')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.alterTable('upload').addColumn('deleted_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('upload').dropColumn('deleted_at').execute();
  await db.schema.dropTable('stored_file').execute();
}
