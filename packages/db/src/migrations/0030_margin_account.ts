import { type Kysely, sql } from 'kysely';

const now = sql`now()`;

/**
 * The margin account (信用取引口座) and its margin calls (追証).
 *
 * `margin_account`: a user's application with its suitability answers (experience, financial assets,
 * income, risks understood, the agreement accepted and when), reviewed by an operator (status 0 pending,
 * 1 approved, 2 rejected, the review's codes); one pending or approved per user. `legacy`: opened by this
 * migration for a user who held leveraged or short positions before margin accounts existed, so nothing
 * open is force-closed by the change.
 *
 * `margin_call`: a call on one market's book of a user: the amount to deposit, the ratio (ppm) when it
 * was issued, the deadline, and how it ended (open, met, closed: positions were force-closed); one open
 * call per user and market.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('margin_account')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`status in (0, 1, 2)`))
    .addColumn('experience', 'text', (c) => c.notNull())
    .addColumn('assets', 'text', (c) => c.notNull())
    .addColumn('income', 'text', (c) => c.notNull())
    .addColumn('risks_understood', 'boolean', (c) => c.notNull())
    .addColumn('agreed_at', 'timestamptz')
    .addColumn('legacy', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decided_by', 'bigint')
    .execute();
  await sql`create unique index margin_account_open_uq on margin_account (user_id) where status in (0, 1)`.execute(
    db,
  );
  await sql`create index margin_account_pending_idx on margin_account (id) where status = 0`.execute(db);

  await db.schema
    .createTable('margin_call')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('market', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('ratio_ppm', 'bigint', (c) => c.notNull())
    .addColumn('deadline', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('open').check(sql`status in ('open', 'met', 'closed')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('resolved_at', 'timestamptz')
    .execute();
  await sql`create unique index margin_call_open_uq on margin_call (user_id, market) where status = 'open'`.execute(
    db,
  );
  await sql`create index margin_call_user_idx on margin_call (user_id, id)`.execute(db);

  // users with open leveraged or short positions keep trading them: an approved account, marked legacy
  await sql`
    insert into margin_account (user_id, status, experience, assets, income, risks_understood, legacy, created_at, decided_at)
    select distinct user_id, 1, 'unknown', 'unknown', 'unknown', false, true, now(), now()
    from position where status in (0, 2) and (leverage > 1 or direction = 2)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('margin_call').execute();
  await db.schema.dropTable('margin_account').execute();
}
