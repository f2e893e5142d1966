import { type Kysely, sql } from 'kysely';

const now = sql`now()`;
const DATE = sql.lit('^[0-9]{4}-[0-9]{2}-[0-9]{2}$');

/**
 * The costs of margin positions (信用取引の諸経費): one row per position, calendar day (exchange-local
 * YYYY-MM-DD) and kind — `margin_interest` (買方金利) on the financed amount of a margin long,
 * `short_fee` (貸株料) on a short's value, `short_premium` (逆日歩) on a short's shares — with the base
 * (units, or shares for the premium) and the rate of that day (yearly ppm, or units per share per day for
 * the premium). The key makes a day accrue once whatever runs it. `posted_at`: when the day was charged
 * (at the position's close), null while accrued and unposted; `posted_transfer`: the ledger transfer that
 * charged it (null when the kind's sum rounded to nothing).
 *
 * `margin_financing_due`: per position and kind, the sum of its unposted days' `base × rate` (the exact
 * numerator), rewritten from the days whenever they change (an accrual, a split, the close), so the
 * margin books read one row per position and kind each round instead of every day accrued.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('margin_financing')
    .addColumn('position_id', 'bigint', (c) => c.notNull().references('position.id'))
    .addColumn('day', 'text', (c) => c.notNull().check(sql`day ~ ${DATE}`))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('margin_interest', 'short_fee', 'short_premium')`),
    )
    .addColumn('base', 'bigint', (c) => c.notNull().check(sql`base >= 0`))
    .addColumn('rate', 'bigint', (c) => c.notNull().check(sql`rate >= 0`))
    .addColumn('posted_at', 'timestamptz')
    .addColumn('posted_transfer', 'bigint', (c) => c.references('ledger_transfer.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('margin_financing_pk', ['position_id', 'day', 'kind'])
    .execute();
  await db.schema
    .createTable('margin_financing_due')
    .addColumn('position_id', 'bigint', (c) => c.notNull().references('position.id'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('margin_interest', 'short_fee', 'short_premium')`),
    )
    .addColumn('numerator', 'numeric', (c) => c.notNull().check(sql`numerator >= 0`))
    .addPrimaryKeyConstraint('margin_financing_due_pk', ['position_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('margin_financing_due').execute();
  await db.schema.dropTable('margin_financing').execute();
}
