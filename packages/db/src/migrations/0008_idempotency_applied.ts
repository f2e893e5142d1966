import { type Kysely, sql } from 'kysely';

/**
 * A third state for idempotency keys: 'applied', set in the transaction of the operation itself, so that
 * a key whose operation committed is never taken over as a stale pending one (see the idempotency plugin).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_key').dropConstraint('idempotency_key_state_check').execute();
  await db.schema
    .alterTable('idempotency_key')
    .addCheckConstraint('idempotency_key_state_check', sql`state in ('pending', 'applied', 'done')`)
    .execute();
}

/** Applied keys become 'done' without a reply: the older code answers those with "in progress" too. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.updateTable('idempotency_key').set({ state: 'done' }).where('state', '=', 'applied').execute();
  await db.schema.alterTable('idempotency_key').dropConstraint('idempotency_key_state_check').execute();
  await db.schema
    .alterTable('idempotency_key')
    .addCheckConstraint('idempotency_key_state_check', sql`state in ('pending', 'done')`)
    .execute();
}
