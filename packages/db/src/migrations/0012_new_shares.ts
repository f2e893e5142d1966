import { type Kysely, sql } from 'kysely';

// Frozen snapshot: the markets are spelled out here rather than imported.
const MARKETS = sql.join(
  ['jpy', 'usd', 'cny', 'krw'].map((v) => sql.lit(v)),
  sql`, `,
);
const now = sql`now()`;

/**
 * New shares (IPO): the offering catalogue and the applications.
 * - `ipo_offering.state`: 0 scheduled, 1 drawn, 2 listed, 3 cancelled (the window's phase follows from
 *   the clock). `seed` is drawn when subscriptions open and its SHA-256 (`commitment`) published at once;
 *   the seed itself is shown only once the lottery is drawn (`drawn_at`), with `result`: the draw's
 *   outcome per application as JSON, recorded once and never changed (promotions change the applications).
 * - `ipo_application.status` is the wire's: 0 applied, 1 held, 2 won and paid, 3 not won, 4 abstained,
 *   5 listed; `outcome` the draw's (won, waitlisted, lost) and `rank` the place in the draw order.
 *   One application per user and offering (unique).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ipo_offering')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('market', 'text', (c) => c.notNull().check(sql`market in (${MARKETS})`))
    .addColumn('board', 'text', (c) => c.notNull())
    .addColumn('name_jp', 'text', (c) => c.notNull())
    .addColumn('name_cn', 'text', (c) => c.notNull())
    .addColumn('name_us', 'text', (c) => c.notNull())
    .addColumn('range_low', 'bigint', (c) => c.notNull().check(sql`range_low > 0`))
    .addColumn('range_high', 'bigint', (c) => c.notNull())
    .addColumn('offer_price', 'bigint', (c) => c.check(sql`offer_price > 0`))
    .addColumn('shares', 'bigint', (c) => c.notNull().check(sql`shares > 0 and shares % 100 = 0`))
    .addColumn('max_per_application', 'bigint', (c) =>
      c.notNull().check(sql`max_per_application > 0 and max_per_application % 100 = 0`),
    )
    .addColumn('subscribe_start', 'timestamptz', (c) => c.notNull())
    .addColumn('subscribe_end', 'timestamptz', (c) => c.notNull())
    .addColumn('lottery_at', 'timestamptz', (c) => c.notNull())
    .addColumn('payment_deadline', 'timestamptz', (c) => c.notNull())
    .addColumn('listing_at', 'timestamptz', (c) => c.notNull())
    .addColumn('underwriter', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('per', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`state between 0 and 3`))
    .addColumn('seed', 'text')
    .addColumn('commitment', 'text')
    .addColumn('waitlist', 'integer', (c) => c.notNull().defaultTo(0).check(sql`waitlist >= 0`))
    .addColumn('draw_mode', 'text', (c) =>
      c.notNull().defaultTo('ticket').check(sql`draw_mode in ('ticket', 'units')`),
    )
    .addColumn('result', 'text')
    .addColumn('first_price', 'bigint')
    .addColumn('drawn_at', 'timestamptz')
    .addColumn('listed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('ipo_offering_range', sql`range_low <= range_high`)
    .addCheckConstraint(
      'ipo_offering_calendar',
      sql`subscribe_start < subscribe_end and subscribe_end <= lottery_at and lottery_at <= payment_deadline and payment_deadline <= listing_at`,
    )
    .execute();

  await db.schema
    .createTable('ipo_application')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('offering_id', 'bigint', (c) => c.notNull().references('ipo_offering.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('quantity', 'bigint', (c) => c.notNull().check(sql`quantity > 0 and quantity % 100 = 0`))
    .addColumn('price', 'bigint', (c) => c.notNull().check(sql`price > 0`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('status', 'smallint', (c) => c.notNull().check(sql`status between 0 and 5`))
    .addColumn('outcome', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`outcome in ('pending', 'won', 'waitlisted', 'lost')`),
    )
    .addColumn('rank', 'integer')
    .addColumn('allotted', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`allotted >= 0`))
    .addColumn('paid', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`paid >= 0`))
    .addColumn('hold_transfer', 'bigint', (c) => c.references('ledger_transfer.id'))
    .addColumn('position_id', 'bigint', (c) => c.references('position.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('ipo_application_once', ['offering_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('ipo_application_user_idx')
    .on('ipo_application')
    .columns(['user_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ipo_application').execute();
  await db.schema.dropTable('ipo_offering').execute();
}
