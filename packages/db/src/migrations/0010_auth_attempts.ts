import type { Kysely } from 'kysely';

/**
 * Password attempts counted per key (a source and an account, an account from unknown sources, a
 * user's fund password, …) in fixed windows. A request counts its attempt here, atomically, before the
 * password is evaluated; the counter decides whether it is evaluated at all.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('auth_attempt')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auth_attempt_reset_at').on('auth_attempt').column('reset_at').execute();
  await db.schema.createIndex('session_user_ip').on('session').columns(['user_id', 'ip']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('session_user_ip').execute();
  await db.schema.dropTable('auth_attempt').execute();
}
