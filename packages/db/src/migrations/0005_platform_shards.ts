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

/**
 * Only while no account has a shard above 0. Merging shards would mean moving posted transfers from one
 * account to another, rewriting the ledger's history, which no migration does: undoing this one after
 * sharded accounts exist is refused with the reason instead of a constraint error halfway.
 */
export async function down(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from ledger_account where shard > 0`.execute(db);
  const sharded = Number(rows[0].n);
  if (sharded > 0) {
    throw new Error(
      `0005_platform_shards cannot be undone: ${sharded} ledger accounts are shards above 0, and merging them would rewrite posted transfers`,
    );
  }
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
