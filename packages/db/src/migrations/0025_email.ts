import { type Kysely, sql } from 'kysely';

const PURPOSES_BEFORE = `'register', 'login', 'second_factor', 'login_ticket', 'step_up', 'step_up_proof', 'operator_register', 'operator_login', 'operator_ticket'`;

/**
 * Email: a user's address (verified, or waiting for its link), the language of their mails and which
 * notices they want by mail; the mails waiting to be sent (an outbox written in the same transaction as
 * what caused them); and two more one-time challenges, the password-reset and address-verification links.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_email')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('app_user.id'))
    .addColumn('address', 'text')
    .addColumn('verified_at', 'timestamptz')
    .addColumn('pending_address', 'text')
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('jp').check(sql`lang in ('jp', 'cn', 'us')`))
    .addColumn('notify_sign_in', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('notify_withdrawal', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('notify_margin_call', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('notify_report', 'boolean', (c) => c.notNull().defaultTo(true))
    .addCheckConstraint('user_email_verified_check', sql`(address is null) = (verified_at is null)`)
    .execute();
  // one account per verified address: a reset by address names one account
  await sql`create unique index user_email_address_key on user_email (lower(address)) where address is not null`.execute(
    db,
  );

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.references('app_user.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    // cleared once sent: a reset mail carries a live link
    .addColumn('body', 'text')
    .addColumn('state', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`state in ('pending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await sql`create index mail_outbox_due on mail_outbox (next_at) where state = 'pending'`.execute(db);

  await sql`alter table auth_challenge drop constraint auth_challenge_purpose_check`.execute(db);
  await sql
    .raw(
      `alter table auth_challenge add constraint auth_challenge_purpose_check check (purpose in (${PURPOSES_BEFORE}, 'password_reset', 'email_verify'))`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from auth_challenge where purpose in ('password_reset', 'email_verify')`.execute(db);
  await sql`alter table auth_challenge drop constraint auth_challenge_purpose_check`.execute(db);
  await sql
    .raw(
      `alter table auth_challenge add constraint auth_challenge_purpose_check check (purpose in (${PURPOSES_BEFORE}))`,
    )
    .execute(db);
  await db.schema.dropTable('mail_outbox').execute();
  await db.schema.dropTable('user_email').execute();
}
