import { type Kysely, sql } from 'kysely';

/** A position whose margin is collateral of its user's margin book (as `marginPositions` reads them). */
const COUNTED = (r: string) =>
  sql.raw(`${r}.status in (0, 2) and not ${r}.day_trade and (${r}.leverage > 1 or ${r}.direction = 2)
    and ${r}.open_price is not null`);

/** The signed margin a set of rows adds (`new_rows`) or takes away (`old_rows`), per user and market. */
const delta = (rows: 'new_rows' | 'old_rows') =>
  sql`select r.user_id, r.market, ${sql.raw(rows === 'new_rows' ? 'r.margin' : '-r.margin')} as m
    from ${sql.raw(rows)} r where ${COUNTED('r')}`;

/**
 * `margin_held`: per user and market, the margin held by the user's open margin positions there (above
 * 1× or short, not day trades, filled): what the margin order gate adds to the wallet's cash as
 * collateral. Users hold hundreds of positions; the gate reads this one row instead of summing them.
 *
 * It is kept by the database in the transaction of every write of `position`, whatever writes it (an
 * order, a fill, an amendment, a close whole or partial, a forced close, a split): one statement-level
 * trigger per kind of write sums what the statement's rows counted before and count after, per user and
 * market, and adds the difference where it is not zero (in key order, so two writers lock rows in the
 * same order). A statement touching no margin position writes nothing. The rows are filled from the open
 * positions here; `readBooks` still sums the positions themselves. (No check that `held` is not negative:
 * PostgreSQL checks the row an upsert proposes, a decrease, before it finds the row it updates.)
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('margin_held')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('market', 'text', (c) => c.notNull())
    .addColumn('held', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('margin_held_pk', ['user_id', 'market'])
    .execute();
  const apply = (parts: ReturnType<typeof delta>[]) => sql`
    insert into margin_held (user_id, market, held)
    select user_id, market, sum(m) from (${sql.join(parts, sql` union all `)}) d
    group by user_id, market having sum(m) <> 0 order by user_id, market
    on conflict (user_id, market) do update set held = margin_held.held + excluded.held;`;
  await sql`
    create function margin_held_count() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${apply([delta('new_rows')])}
      elsif tg_op = 'UPDATE' then
        ${apply([delta('new_rows'), delta('old_rows')])}
      else
        ${apply([delta('old_rows')])}
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger position_margin_held_insert after insert on position
    referencing new table as new_rows for each statement execute function margin_held_count()`.execute(db);
  await sql`create trigger position_margin_held_update after update on position
    referencing old table as old_rows new table as new_rows
    for each statement execute function margin_held_count()`.execute(db);
  await sql`create trigger position_margin_held_delete after delete on position
    referencing old table as old_rows for each statement execute function margin_held_count()`.execute(db);
  await sql`
    create function margin_held_clear() returns trigger language plpgsql as $$
    begin
      delete from margin_held;
      return null;
    end $$`.execute(db);
  await sql`create trigger position_margin_held_truncate after truncate on position
    for each statement execute function margin_held_clear()`.execute(db);
  await sql`insert into margin_held (user_id, market, held)
    select p.user_id, p.market, sum(p.margin) from position p where ${COUNTED('p')}
    group by p.user_id, p.market`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger position_margin_held_truncate on position`.execute(db);
  await sql`drop trigger position_margin_held_delete on position`.execute(db);
  await sql`drop trigger position_margin_held_update on position`.execute(db);
  await sql`drop trigger position_margin_held_insert on position`.execute(db);
  await sql`drop function margin_held_clear()`.execute(db);
  await sql`drop function margin_held_count()`.execute(db);
  await db.schema.dropTable('margin_held').execute();
}
