/**
 * Builds a book for bench/corporate-actions in a PostgreSQL schema of its own, in SQL (generate_series
 * inside PostgreSQL, never the API): the app's migrations, then
 *
 * - `positions / 4` users, each with a yen cash account holding ¥10,000,000 (one deposit transfer from
 *   the bank, the balance columns set from it) and its margin and dividend accounts (a broker's book
 *   has them after its first dividend; a first dividend creates them one by one);
 * - `positions` open positions over `SYMBOLS`, filled a month before: nine in ten cash longs (every
 *   tenth of them in NISA), one in ten a margin short (leverage 2);
 * - every other user with a realised loss of ¥100,000 this year in a 源泉徴収あり account (`tax_year`),
 *   so the day's tax netting has refunds to make;
 * - on each symbol a cash dividend of ¥30 a share and a 1:2 split going ex on `EX_DATE` (prices fixed),
 *   the dividend paid on `PAYMENT_DATE`.
 *
 * The symbols are the benchmark's own (not in the market data), so no other action of the market data
 * applies: the jobs do exactly this book's work.
 */
import type { Db } from '@kabuto/db';
import { migrateToLatest } from '@kabuto/db';
import { sql } from 'kysely';
import {
  dropKeysAndIndexes,
  keysAndIndexes,
  restoreKeysAndIndexes,
  stepTimer,
} from '../support/bulk-load.ts';

export const SYMBOLS = ['BK01', 'BK02', 'BK03', 'BK04', 'BK05', 'BK06', 'BK07', 'BK08'];
export const EX_DATE = '2026-11-26';
export const PAYMENT_DATE = '2026-12-09';
/** ¥10,000,000, ¥1,000 a share, ¥30 a share (units, scale 4). */
const DEPOSIT = 100_000_000_000n;
const PRICE = 10_000_000n;
const DIVIDEND = 300_000n;
const LOSS = 1_000_000_000n;

const BIG = ['position', 'ledger_account', 'ledger_transfer'];

/** Builds the book in `schema` (empty); resolves with the seconds each step took. */
export async function buildBook(db: Db, schema: string, positions: number): Promise<Record<string, number>> {
  const { steps, step } = stepTimer();
  const U = Math.max(1, Math.floor(positions / 4));
  await step('migrate', () => migrateToLatest(db, schema));
  const defs = await keysAndIndexes(db, schema, BIG);
  await step('drop keys', () => dropKeysAndIndexes(db, defs));
  await sql`set synchronous_commit = off`.execute(db);
  await step('users', async () => {
    await sql`
      insert into app_user (id, account, password_hash, fund_password_hash, invite_code, created_at)
      overriding system value
      select g, 'u' || g, 'x', 'x', 'I' || g, now() - interval '400 days' from generate_series(1, ${U}::int) g`.execute(
      db,
    );
    await sql`select setval(pg_get_serial_sequence('app_user', 'id'), ${U}::int)`.execute(db);
  });
  // accounts: user u's cash is u, margin U + u, dividend 2U + u; then the bank's
  const bank = 3 * U + 1;
  await step('accounts', async () => {
    await sql`
      insert into ledger_account (id, owner, currency, kind, flags, credits_posted) overriding system value
      select g, g, 'jpy', 'cash', 1, ${DEPOSIT}::bigint from generate_series(1, ${U}::int) g
      union all select ${U}::int + g, g, 'jpy', 'margin', 1, 0 from generate_series(1, ${U}::int) g
      union all select 2 * ${U}::int + g, g, 'jpy', 'dividend', 1, 0 from generate_series(1, ${U}::int) g
      union all select ${bank}::int, null, 'jpy', 'bank', 0, 0`.execute(db);
    await sql`update ledger_account set debits_posted = ${DEPOSIT}::bigint * ${U}::int where id = ${bank}::int`.execute(
      db,
    );
    await sql`select setval(pg_get_serial_sequence('ledger_account', 'id'), ${bank}::int)`.execute(db);
    await sql`
      insert into ledger_transfer (id, debit_account, credit_account, amount, currency, code, created_at)
      overriding system value
      select g, ${bank}::int, g, ${DEPOSIT}::bigint, 'jpy', 'deposit', now() - interval '60 days'
      from generate_series(1, ${U}::int) g`.execute(db);
    await sql`select setval(pg_get_serial_sequence('ledger_transfer', 'id'), ${U}::int)`.execute(db);
  });
  await step('positions', async () => {
    // position i: user 1 + i % U; every tenth a margin short (its margin taken from cash), the rest cash
    // longs, every tenth of those in NISA
    await sql`
      insert into position (user_id, order_no, market, symbol, direction, order_type, leverage, quantity,
        open_price, margin, buy_fee, sell_fee, status, nisa, created_at, filled_at, updated_at)
      select 1 + i % ${U}::int, 'P' || i, 'jpy', (${sql.val(SYMBOLS)}::text[])[1 + i % ${SYMBOLS.length}],
        case when i % 10 = 0 then 2 else 1 end, 1, case when i % 10 = 0 then 2 else 1 end, 100,
        ${PRICE}::bigint, case when i % 10 = 0 then ${PRICE}::bigint * 50 else ${PRICE}::bigint * 100 end, 0, 0,
        0, i % 10 = 5, now() - interval '30 days', now() - interval '30 days', now() - interval '30 days'
      from generate_series(1, ${positions}::int) i`.execute(db);
  });
  await step('tax years', () =>
    sql`
      insert into tax_year (user_id, year, net)
      select g, 2026, -${LOSS}::bigint from generate_series(2, ${U}::int, 2) g`.execute(db),
  );
  await step('actions', () =>
    sql`
      insert into corporate_action (market, symbol, kind, ex_date, record_date, payment_date, ratio_num,
        ratio_den, cash, prev_close, base)
      select 'jpy', s, 'dividend', ${EX_DATE}, '2026-11-27', ${PAYMENT_DATE}, 1, 1, ${DIVIDEND}::bigint,
        ${PRICE}::bigint, ${PRICE - DIVIDEND}::bigint
      from unnest(${sql.val(SYMBOLS)}::text[]) s
      union all
      select 'jpy', s, 'split', ${EX_DATE}, '2026-11-27', ${EX_DATE}, 2, 1, 0, ${PRICE - DIVIDEND}::bigint,
        ${(PRICE - DIVIDEND) / 2n}::bigint
      from unnest(${sql.val(SYMBOLS)}::text[]) s`.execute(db),
  );
  await step('keys and indexes', () => restoreKeysAndIndexes(db, defs));
  await step('analyze', () =>
    sql`analyze app_user, ledger_account, ledger_transfer, position, tax_year`.execute(db),
  );
  return steps;
}
