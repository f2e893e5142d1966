import { type Kysely, sql } from 'kysely';

/** The ledger account kinds the current check allows (other areas may have added some). */
async function accountKinds(db: Kysely<any>): Promise<string[]> {
  const r = await sql<{ def: string }>`
    select pg_get_constraintdef(c.oid) as def from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    where t.relname = 'ledger_account' and c.conname = 'ledger_account_kind_check'
      and t.relnamespace = (select oid from pg_namespace where nspname = current_schema())`.execute(db);
  const kinds = [...(r.rows[0]?.def ?? '').matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
  if (!kinds.includes('cash'))
    throw new Error('ledger_account_kind_check: the account kinds could not be read');
  return kinds;
}

async function setAccountKinds(db: Kysely<any>, kinds: string[]): Promise<void> {
  await sql`alter table ledger_account drop constraint if exists ledger_account_kind_check`.execute(db);
  const list = sql.join(
    kinds.map((k) => sql.lit(k)),
    sql`, `,
  );
  await sql`alter table ledger_account add constraint ledger_account_kind_check check (kind in (${list}))`.execute(
    db,
  );
}

/**
 * `ledger_account.kind` gains `shortfall` (不足金): a user's debt when a margin position's loss exceeds
 * the collateral (debit-normal, like `loan`; deposits repay it first).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const kinds = await accountKinds(db);
  if (!kinds.includes('shortfall')) await setAccountKinds(db, [...kinds, 'shortfall']);
}

export async function down(db: Kysely<any>): Promise<void> {
  const kinds = await accountKinds(db);
  await setAccountKinds(
    db,
    kinds.filter((k) => k !== 'shortfall'),
  );
}
