import type { Kysely } from 'kysely';

/**
 * The entry list a seeded draw is committed to (issue #30, F9): the SHA-256 of the sorted entries
 * (`entryListText` in the domain), published when the subscription window closes, before the seed is
 * revealed; null until then. For the IPO lottery and the block allocation alike.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ipo_offering').addColumn('entries_commitment', 'text').execute();
  await db.schema.alterTable('block_offering').addColumn('entries_commitment', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('block_offering').dropColumn('entries_commitment').execute();
  await db.schema.alterTable('ipo_offering').dropColumn('entries_commitment').execute();
}
