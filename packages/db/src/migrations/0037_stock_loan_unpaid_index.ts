import { type Kysely, sql } from 'kysely';

/**
 * The lending job reads the unpaid days of each batch of loans every day (and marks them paid at the
 * start of a month): an index of exactly those days, by loan and day. Without it each daily run walks
 * every day a loan has ever accrued, paid ones included (a year's loan, 365 rows, to find none).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index stock_loan_accrual_unpaid_idx on stock_loan_accrual (loan_id, day)
    where paid_transfer is null and fee > 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('stock_loan_accrual_unpaid_idx').execute();
}
