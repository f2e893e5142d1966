import { type Kysely, sql } from 'kysely';

/**
 * Second factors and sign-in security: passkeys (WebAuthn credentials of users and operators), TOTP
 * secrets with one-time recovery codes, and server-side challenges (WebAuthn challenges, second-factor
 * login tickets, step-up proofs) with an expiry and single use.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webauthn_credential')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.references('app_user.id'))
    .addColumn('operator_id', 'bigint', (c) => c.references('operator.id'))
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'bytea', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz')
    .addCheckConstraint('webauthn_credential_owner_check', sql`(user_id is null) <> (operator_id is null)`)
    .execute();
  await db.schema
    .createIndex('webauthn_credential_user_idx')
    .on('webauthn_credential')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('webauthn_credential_operator_idx')
    .on('webauthn_credential')
    .column('operator_id')
    .execute();

  await db.schema
    .createTable('totp_secret')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('app_user.id'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('recovery_code')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('recovery_code_user_idx')
    .on('recovery_code')
    .columns(['user_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('auth_challenge')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('purpose', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`purpose in ('register', 'login', 'second_factor', 'login_ticket', 'step_up', 'step_up_proof', 'operator_register', 'operator_login', 'operator_ticket')`,
        ),
    )
    .addColumn('value_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.references('app_user.id'))
    .addColumn('operator_id', 'bigint', (c) => c.references('operator.id'))
    .addColumn('session_id', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('auth_challenge_expiry_idx')
    .on('auth_challenge')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['auth_challenge', 'recovery_code', 'totp_secret', 'webauthn_credential']) {
    await db.schema.dropTable(t).execute();
  }
}
