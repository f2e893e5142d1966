import type { Kysely } from 'kysely';

/**
 * Every idempotency claim deletes its user's keys older than a day. Without an index on their age that
 * delete read every key the user still had (an active trader's whole day of orders) on every claim;
 * with (user_id, created_at) it reads only the expired ones.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('idempotency_key_expiry_idx')
    .on('idempotency_key')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('idempotency_key_expiry_idx').execute();
}
