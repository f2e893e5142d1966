import { type Kysely, sql } from 'kysely';

/** Limit orders are day orders: one still pending when its market's trading day ends is "expired". */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('position').dropConstraint('position_close_reason_check').execute();
  await db.schema
    .alterTable('position')
    .addCheckConstraint('position_close_reason_check', sql`close_reason in ('user', 'forced', 'expired')`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('position').dropConstraint('position_close_reason_check').execute();
  await db.schema
    .alterTable('position')
    .addCheckConstraint('position_close_reason_check', sql`close_reason in ('user', 'forced')`)
    .execute();
}
