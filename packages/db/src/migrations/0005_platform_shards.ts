import { type Kysely, sql } from 'kysely';

/**
 * A platform account may be split into shards (fees:jpy:0 … fees:jpy:15): every order charges the
 * platform's fee account, and one row taking every order's row lock serialises all trading. A user's
 * account stays one row (shard 0). The platform's balance of a kind is the sum over its shards.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('ledger_account')
    .addColumn('shard', 'smallint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('ledger_account').dropConstraint('ledger_account_owner_key').execute();
  await db.schema
    .alterTable('ledger_account')
    .addUniqueConstraint('ledger_account_owner_key', ['owner', 'currency', 'kind', 'shard'], (u) =>
      u.nullsNotDistinct(),
    )
    .execute();
  await db.schema
    .alterTable('ledger_account')
    .addCheckConstraint('ledger_account_shard_check', sql`shard >= 0 and (owner is null or shard = 0)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ledger_account').dropConstraint('ledger_account_shard_check').execute();
  await db.schema.alterTable('ledger_account').dropConstraint('ledger_account_owner_key').execute();
  await db.schema
    .alterTable('ledger_account')
    .addUniqueConstraint('ledger_account_owner_key', ['owner', 'currency', 'kind'], (u) =>
      u.nullsNotDistinct(),
    )
    .execute();
  await db.schema.alterTable('ledger_account').dropColumn('shard').execute();
}
