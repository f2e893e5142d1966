import { type Kysely, sql } from 'kysely';

// Frozen snapshot: the markets are spelled out here rather than imported.
const MARKETS = sql.join(
  ['jpy', 'usd', 'cny', 'krw'].map((v) => sql.lit(v)),
  sql`, `,
);
const now = sql`now()`;

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
 * Day trading. A user applies for an intraday margin line of `amount` in one market's wallet for one
 * trading day (`trade_date`, exchange-local): the amount is held at once by a pending transfer out of
 * cash into the user's `day_trade` ledger account (frozen). Status (the wire's): 0 in review, 1 approved
 * (the hold posted: the line), 2 rejected (the hold voided), 3 trading (a position was opened against the
 * line), 4 complete (settled: the line's balance back to cash), 5 failed (the day never traded, or it was
 * never decided). One open application (0, 1, 3) per user at a time.
 *
 * `day_trade_position` ties each day-trade position to the line it was opened against.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const kinds = await accountKinds(db);
  if (!kinds.includes('day_trade')) await setAccountKinds(db, [...kinds, 'day_trade']);

  await db.schema
    .createTable('day_trade_application')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('market', 'text', (c) => c.notNull().check(sql`market in (${MARKETS})`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('trade_date', 'text', (c) => c.notNull())
    .addColumn('hold_transfer', 'bigint', (c) => c.notNull().references('ledger_transfer.id'))
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`status between 0 and 5`))
    .addColumn('reason', 'text')
    .addColumn('payout', 'bigint')
    .addColumn('pnl', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decided_by', 'bigint')
    .addColumn('settled_at', 'timestamptz')
    .execute();
  await sql`create unique index day_trade_application_open_idx on day_trade_application (user_id) where status in (0, 1, 3)`.execute(
    db,
  );
  await db.schema
    .createIndex('day_trade_application_user_idx')
    .on('day_trade_application')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('day_trade_application_status_idx')
    .on('day_trade_application')
    .columns(['status', 'id'])
    .execute();

  await db.schema
    .createTable('day_trade_position')
    .addColumn('position_id', 'bigint', (c) => c.primaryKey().references('position.id'))
    .addColumn('application_id', 'bigint', (c) => c.notNull().references('day_trade_application.id'))
    .execute();
  await db.schema
    .createIndex('day_trade_position_application_idx')
    .on('day_trade_position')
    .columns(['application_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('day_trade_position').execute();
  await db.schema.dropTable('day_trade_application').execute();
  await setAccountKinds(
    db,
    (await accountKinds(db)).filter((k) => k !== 'day_trade'),
  );
}
