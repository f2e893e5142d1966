import { type Kysely, sql } from 'kysely';

/**
 * The margin order gate sums the margin a user's open margin positions hold in one market (above 1× or
 * short, not day trades, filled) on every margin order: an index of exactly those rows, by user and
 * market, carrying the margin. Without it the planner may walk every open position of the market (the
 * `(status, market)` index) for each order while the table's statistics lag its growth.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index position_margin_open_idx on position (user_id, market) include (margin)
    where status in (0, 2) and not day_trade and (leverage > 1 or direction = 2) and open_price is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('position_margin_open_idx').execute();
}
