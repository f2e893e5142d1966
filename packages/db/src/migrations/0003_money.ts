import { type Kysely, sql } from 'kysely';

// Migrations are frozen snapshots: the lists are spelled out here rather than imported.
const CURRENCIES = ['jpy', 'usd', 'cny', 'krw', 'twd', 'hkd', 'thb', 'vnd', 'myr'];

const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql.lit(v)),
    sql`, `,
  );
const now = sql`now()`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('upload')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('content_type', 'text', (c) =>
      c.notNull().check(sql`content_type in ('image/jpeg', 'image/png', 'image/webp')`),
    )
    .addColumn('size', 'integer', (c) => c.notNull().check(sql`size > 0`))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('upload_owner_idx').on('upload').columns(['owner_id', 'id']).execute();

  await db.schema
    .createTable('kyc_submission')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('realname', 'text', (c) => c.notNull())
    .addColumn('id_card', 'text', (c) => c.notNull())
    .addColumn('front_upload', 'text', (c) => c.notNull().references('upload.name'))
    .addColumn('back_upload', 'text', (c) => c.notNull().references('upload.name'))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'approved', 'rejected')`),
    )
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decided_by', 'bigint')
    .execute();
  await db.schema.createIndex('kyc_user_idx').on('kyc_submission').columns(['user_id', 'id']).execute();
  // At most one submission under review and one approved per user, whatever the races.
  await db.schema
    .createIndex('kyc_one_pending')
    .on('kyc_submission')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('kyc_one_approved')
    .on('kyc_submission')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), '=', 'approved')
    .execute();
  await db.schema.createIndex('kyc_status_idx').on('kyc_submission').columns(['status', 'id']).execute();

  await db.schema
    .createTable('bank_card')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('bank', 'text', (c) => c.notNull())
    .addColumn('branch', 'text', (c) => c.notNull())
    .addColumn('branch_code', 'text', (c) => c.notNull())
    .addColumn('account_type', 'text', (c) =>
      c.notNull().check(sql`account_type in ('ordinary', 'current', 'savings')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('bank_card_unique_number')
    .on('bank_card')
    .columns(['user_id', 'bank', 'number'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('deposit_channel')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in (${list(CURRENCIES)})`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('bank', 'text', (c) => c.notNull())
    .addColumn('branch', 'text', (c) => c.notNull())
    .addColumn('open_from', 'text', (c) =>
      c.notNull().check(sql`open_from ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    )
    .addColumn('open_to', 'text', (c) => c.notNull().check(sql`open_to ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`))
    .addColumn('quick', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('deposit')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in (${list(CURRENCIES)})`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('channel_id', 'bigint', (c) => c.notNull().references('deposit_channel.id'))
    .addColumn('channel_name', 'text', (c) => c.notNull())
    .addColumn('proof_upload', 'text', (c) => c.notNull().references('upload.name'))
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'text')
    .addColumn('transfer_id', 'bigint', (c) => c.references('ledger_transfer.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decided_by', 'bigint')
    .addCheckConstraint('deposit_status_check', sql`status in (0, 1, 2)`)
    .execute();
  await db.schema.createIndex('deposit_user_idx').on('deposit').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('deposit_status_idx').on('deposit').columns(['status', 'id']).execute();
  await db.schema
    .createIndex('deposit_one_pending')
    .on('deposit')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), '=', 0)
    .execute();

  // When a user last passed the deposit pre-check (channel password included); a submission without the
  // channel password is accepted only shortly after one.
  await db.schema
    .createTable('deposit_precheck')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('app_user.id'))
    .addColumn('checked_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('withdrawal')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in (${list(CURRENCIES)})`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('bank_card_id', 'bigint', (c) => c.notNull().references('bank_card.id'))
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('bank', 'text', (c) => c.notNull())
    .addColumn('branch', 'text', (c) => c.notNull())
    .addColumn('branch_code', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('account_type', 'text', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'text')
    .addColumn('pending_transfer_id', 'bigint', (c) => c.references('ledger_transfer.id'))
    .addColumn('resolve_transfer_id', 'bigint', (c) => c.references('ledger_transfer.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decided_by', 'bigint')
    .addCheckConstraint('withdrawal_status_check', sql`status in (0, 1, 2)`)
    .execute();
  await db.schema.createIndex('withdrawal_user_idx').on('withdrawal').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('withdrawal_status_idx').on('withdrawal').columns(['status', 'id']).execute();
  // One pending withdrawal per user: the database settles concurrent requests.
  await db.schema
    .createIndex('withdrawal_one_pending')
    .on('withdrawal')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), '=', 0)
    .execute();

  await db.schema
    .createTable('fx_exchange')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('from_currency', 'text', (c) => c.notNull().check(sql`from_currency in (${list(CURRENCIES)})`))
    .addColumn('to_currency', 'text', (c) => c.notNull().check(sql`to_currency in (${list(CURRENCIES)})`))
    .addColumn('from_amount', 'bigint', (c) => c.notNull().check(sql`from_amount > 0`))
    .addColumn('to_amount', 'bigint', (c) => c.notNull().check(sql`to_amount > 0`))
    .addColumn('rate', 'text', (c) => c.notNull())
    .addColumn('mid_rate', 'text', (c) => c.notNull())
    .addColumn('spread_ppm', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('fx_exchange_pair_check', sql`from_currency <> to_currency`)
    .execute();
  await db.schema.createIndex('fx_exchange_user_idx').on('fx_exchange').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('credit_profile')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('app_user.id'))
    .addColumn('score', 'integer', (c) => c.notNull().check(sql`score between 0 and 1000`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('loan_limit')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in (${list(CURRENCIES)})`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('loan_limit_pkey', ['user_id', 'currency'])
    .execute();

  await db.schema
    .createTable('loan')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in (${list(CURRENCIES)})`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('rate_ppm', 'integer', (c) => c.notNull().check(sql`rate_ppm >= 0`))
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`status in (0, 1, 2, 3)`))
    .addColumn('reason', 'text')
    .addColumn('interest_paid', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('repay_order_no', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decided_by', 'bigint')
    .addColumn('repaid_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('loan_user_idx').on('loan').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('loan_status_idx').on('loan').columns(['status', 'id']).execute();
  await db.schema
    .createIndex('loan_one_pending')
    .on('loan')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), '=', 0)
    .execute();

  await db.schema
    .createTable('fund_record')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in (${list(CURRENCIES)})`))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type ~ '^[a-z][a-z_]{0,31}$'`))
    .addColumn('order_no', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn('balance', 'bigint', (c) => c.notNull())
    .addColumn('transfer_id', 'bigint', (c) => c.notNull().references('ledger_transfer.id'))
    .addColumn('ref', 'text')
    .addColumn('stock_name', 'text')
    .addColumn('stock_code', 'text')
    .addColumn('product_name', 'text')
    .addColumn('issuer', 'text')
    .addColumn('memo', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('fund_record_user_idx')
    .on('fund_record')
    .columns(['user_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('idempotency_key')
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('pending', 'done')`))
    .addColumn('http_status', 'integer')
    .addColumn('reply', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_key_pkey', ['user_id', 'path', 'key'])
    .execute();

  await db.schema
    .createTable('request_guard')
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('last_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('request_guard_pkey', ['user_id', 'path'])
    .execute();

  await db.schema
    .createTable('operator')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('reviewer', 'operator', 'admin')`))
    .addColumn('disabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('operator_session')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('operator_id', 'bigint', (c) => c.notNull().references('operator.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('ip', 'text')
    .execute();
  await db.schema
    .createIndex('operator_session_operator_idx')
    .on('operator_session')
    .column('operator_id')
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('operator_id', 'bigint', (c) => c.references('operator.id'))
    .addColumn('operator_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('detail', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  // The audit log is a record of facts: nobody edits or removes it, not even the application.
  await sql`
    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only: % refused', tg_op
        using errcode = 'restrict_violation';
    end
    $$`.execute(db);
  await sql`
    create trigger audit_log_no_update_delete
    before update or delete on audit_log
    for each row execute function audit_log_append_only()`.execute(db);
  await sql`
    create trigger audit_log_no_truncate
    before truncate on audit_log
    for each statement execute function audit_log_append_only()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await sql`drop function if exists audit_log_append_only()`.execute(db);
  for (const t of [
    'deposit_precheck',
    'operator_session',
    'operator',
    'request_guard',
    'idempotency_key',
    'fund_record',
    'loan',
    'loan_limit',
    'credit_profile',
    'fx_exchange',
    'withdrawal',
    'deposit',
    'deposit_channel',
    'bank_card',
    'kyc_submission',
    'upload',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
