import type { Kysely } from 'kysely';

/**
 * Whether a deposit channel asks for the channel password: the operator's choice per channel, and by
 * default it does (the channels that existed keep asking).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('deposit_channel')
    .addColumn('needs_password', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('deposit_channel').dropColumn('needs_password').execute();
}
