import { type Kysely, sql } from 'kysely';

const now = sql`now()`;
const DATE = sql.lit('^[0-9]{4}-[0-9]{2}-[0-9]{2}$');

/**
 * Stock lending (貸株).
 *
 * `stock_loan`: a user's fully paid position lent to the platform, 0 lent or 1 recalled (by the user, or by
 * the sell of the position: `recall_reason` user | sell). One open loan per position. `accrued` and `paid`
 * are the fee's running totals (units of the market's currency); `accrued_through` is the last calendar day
 * accrued (exchange-local YYYY-MM-DD), `rate_ppm` the annual rate of the last accrual (at first, the rate
 * when lent).
 *
 * `stock_loan_accrual`: one row per loan and calendar day, valued at the close that covers it; the key
 * (loan, day) makes the daily job accrue a day once however often it runs. `paid_transfer` is the ledger
 * transfer that paid it (monthly, or at the recall).
 *
 * `position.lent`: the "lent" mark of the position row, set and cleared with the loan's row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('position')
    .addColumn('lent', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('stock_loan')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('position_id', 'bigint', (c) => c.notNull().references('position.id'))
    .addColumn('market', 'text', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('quantity', 'bigint', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('rate_ppm', 'bigint', (c) => c.notNull().check(sql`rate_ppm >= 0`))
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`status in (0, 1)`))
    .addColumn('accrued', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`accrued >= 0`))
    .addColumn('paid', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`paid >= 0`))
    .addColumn('accrued_through', 'text', (c) => c.check(sql`accrued_through ~ ${DATE}`))
    .addColumn('recall_reason', 'text', (c) => c.check(sql`recall_reason in ('user', 'sell')`))
    .addColumn('lent_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('recalled_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('stock_loan_paid', sql`paid <= accrued`)
    .addCheckConstraint('stock_loan_recalled', sql`(status = 1) = (recalled_at is not null)`)
    .execute();
  await sql`create unique index stock_loan_open_position on stock_loan (position_id) where status = 0`.execute(
    db,
  );
  await db.schema.createIndex('stock_loan_user_idx').on('stock_loan').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('stock_loan_status_idx')
    .on('stock_loan')
    .columns(['status', 'market'])
    .execute();

  await db.schema
    .createTable('stock_loan_accrual')
    .addColumn('loan_id', 'bigint', (c) => c.notNull().references('stock_loan.id'))
    .addColumn('day', 'text', (c) => c.notNull().check(sql`day ~ ${DATE}`))
    .addColumn('close_day', 'text', (c) => c.notNull().check(sql`close_day ~ ${DATE}`))
    .addColumn('close', 'bigint', (c) => c.notNull().check(sql`close > 0`))
    .addColumn('value', 'bigint', (c) => c.notNull().check(sql`value > 0`))
    .addColumn('rate_ppm', 'bigint', (c) => c.notNull().check(sql`rate_ppm >= 0`))
    .addColumn('fee', 'bigint', (c) => c.notNull().check(sql`fee >= 0`))
    .addColumn('paid_transfer', 'bigint', (c) => c.references('ledger_transfer.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('stock_loan_accrual_pk', ['loan_id', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stock_loan_accrual').execute();
  await db.schema.dropTable('stock_loan').execute();
  await db.schema.alterTable('position').dropColumn('lent').execute();
}
