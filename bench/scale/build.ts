/**
 * Builds a book of a given size in a PostgreSQL schema of its own, in SQL (generate_series inside
 * PostgreSQL, never the API): the app's migrations first, then
 *
 * - `users` users (`u1`, `u2`, …), each with a yen cash account;
 * - `entries` ledger transfers: user 1 (the measured user) has `heavy` of them, every other user an
 *   equal share of the rest; each user's history alternates a deposit (bank → cash) and a fee
 *   (cash → fees), the newest last, and each transfer has its fund record (the statement line) with
 *   the cash balance after it;
 * - `positions` positions spread over the users, a fifth of them held (long, opened far below the
 *   market), the rest closed; half of the held ones are 2× margin positions (so the maintenance's first
 *   round reads and values each and closes none), the other half fully paid;
 * - `loans` of the held positions lent (stock lending), with a week of closes to accrue;
 * - every account's balance columns set from the sums of its transfers (the ledger's invariant:
 *   balances = what the transfers add up to; the reconcile job checks it, with every cash balance equal
 *   to its last fund record).
 *
 * Foreign keys and secondary indexes of the big tables are dropped while loading and made again after
 * (as a restore does); their build time is part of the build time.
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

export interface Size {
  name: string;
  users: number;
  positions: number;
  entries: number;
  /** Transfers (and fund records) of the measured user: page 500 of its records exists. */
  heavy: number;
  /**
   * Held positions lent (stock lending), each with a week of closes to accrue. Fewer than the goal's
   * 100,000 below the full size (the sizes the accrual fitted when it took one transaction a loan);
   * bench/lending builds books of any number of loans.
   */
  loans: number;
  /**
   * Applications to one new-share offering whose lottery date has come (one lot each, paid at the win
   * from cash: no hold), so the IPO job's draw runs over all of them; a tenth of them can win.
   */
  ipo: number;
}

export const SIZES: Record<string, Size> = {
  base: { name: 'base', users: 100, positions: 500, entries: 14_000, heavy: 10_020, loans: 100, ipo: 100 },
  small: {
    name: 'small',
    users: 10_000,
    positions: 50_000,
    entries: 500_000,
    heavy: 10_020,
    loans: 1_000,
    ipo: 1_000,
  },
  medium: {
    name: 'medium',
    users: 100_000,
    positions: 500_000,
    entries: 5_000_000,
    heavy: 10_020,
    loans: 2_000,
    ipo: 10_000,
  },
  full: {
    name: 'full',
    users: 1_000_000,
    positions: 5_000_000,
    entries: 50_000_000,
    heavy: 10_020,
    loans: 100_000,
    ipo: 100_000,
  },
};

/** Symbols of the Tokyo market the simulator quotes (positions rotate over them). */
const SYMBOLS = ['7203', '6758', '9984', '8306', '6861', '9432', '6098', '4063'];
/**
 * A deposit and a fee, in units (scale 4): ¥1,000,000 in, ¥10,000 out (the bank's account sums every
 * deposit of the book: 25M of them at the full size stay within a bigint at this amount).
 */
const DEPOSIT = 10_000_000_000n;
const FEE = 100_000_000n;

const BIG_TABLES = ['ledger_transfer', 'fund_record', 'position'];

/** Builds `size` in `schema` (which must be empty); resolves with the seconds each step took. */
export async function buildBook(db: Db, schema: string, size: Size): Promise<Record<string, number>> {
  const { steps, step } = stepTimer();
  const U = size.users;
  const H = size.heavy;
  const per = Math.max(2, Math.floor((size.entries - H) / Math.max(1, U - 1)));
  const bank = U + 1;
  const fees = U + 2;
  await step('migrate', () => migrateToLatest(db, schema));
  const defs = await keysAndIndexes(db, schema, BIG_TABLES);
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
  await step('accounts', async () => {
    // account id u is user u's yen cash; then the bank's and the fees' yen accounts
    await sql`
      insert into ledger_account (id, owner, currency, kind, flags) overriding system value
      select g, g, 'jpy', 'cash', 1 from generate_series(1, ${U}::int) g
      union all select ${bank}::int, null, 'jpy', 'bank', 0
      union all select ${fees}::int, null, 'jpy', 'fees', 0`.execute(db);
    await sql`select setval(pg_get_serial_sequence('ledger_account', 'id'), ${fees}::int)`.execute(db);
  });
  // transfer j of user u (0-based): deposits at even j, fees at odd j; ids in (user, j) order
  const history = sql`
    select u, j, n,
      case when u = 1 then j + 1 else ${H}::bigint + (u - 2)::bigint * ${per} + j + 1 end as id,
      now() - (n - j) * interval '7 minutes' as at
    from (select u, case when u = 1 then ${H}::int else ${per}::int end as n from generate_series(1, ${U}::int) u) s
    cross join lateral generate_series(0, n - 1) j`;
  await step('ledger entries', async () => {
    await sql`
      insert into ledger_transfer (id, debit_account, credit_account, amount, currency, code, created_at)
      overriding system value
      select id, case when j % 2 = 0 then ${bank}::bigint else u end,
        case when j % 2 = 0 then u else ${fees}::bigint end,
        case when j % 2 = 0 then ${DEPOSIT}::bigint else ${FEE}::bigint end, 'jpy',
        case when j % 2 = 0 then 'deposit' else 'fee' end, at
      from (${history}) h`.execute(db);
    await sql`select setval(pg_get_serial_sequence('ledger_transfer', 'id'), (select max(id) from ledger_transfer))`.execute(
      db,
    );
  });
  await step('fund records', async () => {
    await sql`
      insert into fund_record (id, user_id, currency, type, order_no, amount, balance, transfer_id, memo, created_at)
      overriding system value
      select id, u, 'jpy', case when j % 2 = 0 then 'deposit' else 'fee' end, 'S' || id,
        case when j % 2 = 0 then ${DEPOSIT}::bigint else -${FEE}::bigint end,
        (j / 2 + 1) * ${DEPOSIT}::bigint - ((j + 1) / 2) * ${FEE}::bigint, id,
        case when j % 2 = 0 then null else 'fee' end, at
      from (${history}) h`.execute(db);
    await sql`select setval(pg_get_serial_sequence('fund_record', 'id'), (select max(id) from fund_record))`.execute(
      db,
    );
  });
  await step('positions', () =>
    sql`
      insert into position (user_id, order_no, market, symbol, direction, order_type, leverage, quantity,
        open_price, close_price, margin, buy_fee, sell_fee, pnl, status, close_reason, created_at, filled_at,
        closed_at, updated_at)
      select 1 + i % ${U}::int, 'P' || i, 'jpy', (${sql.val(SYMBOLS)}::text[])[1 + i % ${SYMBOLS.length}], 1, 1,
        case when i % 10 = 0 then 2 else 1 end,
        1000000, 10000, case when i % 5 = 0 then null else 20000 end,
        case when i % 10 = 0 then 5000000000 else 10000000000 end, 0, 0,
        case when i % 5 = 0 then null else 10000000000 end, case when i % 5 = 0 then 0 else 1 end,
        case when i % 5 = 0 then null else 'user' end,
        now() - interval '30 days', now() - interval '30 days',
        case when i % 5 = 0 then null else now() - interval '29 days' end, now() - interval '29 days'
      from generate_series(1, ${size.positions}::int) i`.execute(db),
  );
  await step('loans', async () => {
    // the first `loans` held positions lent a month ago, accrued through 2026-11-17: the lending job
    // (clock at 2026-11-24) accrues each one's days since, a batch of loans a transaction
    await sql`
      insert into stock_loan (user_id, position_id, market, symbol, quantity, rate_ppm, accrued_through,
        lent_at, updated_at)
      select user_id, id, market, symbol, quantity, 10000, '2026-11-17', now() - interval '30 days',
        now() - interval '30 days'
      from position where status = 0 and leverage = 1 order by id limit ${size.loans}::int`.execute(db);
    await sql`update position p set lent = true from stock_loan l where l.position_id = p.id`.execute(db);
  });
  await step('new shares', async () => {
    // the lottery date (2026-11-23) has come at the jobs' clock (2026-11-24 10:00 Tokyo); no seed yet:
    // the job commits one, commits the entry list and draws, the winners paying ¥100,000 a lot from cash
    await sql`
      insert into ipo_offering (code, market, board, name_jp, name_cn, name_us, range_low, range_high,
        offer_price, shares, max_per_application, subscribe_start, subscribe_end, lottery_at,
        payment_deadline, listing_at)
      values ('S900', 'jpy', 'growth', 'ベンチ新規', '基准新股', 'Bench New', 10000000, 10000000, 10000000,
        ${BigInt(Math.max(1, size.ipo / 10)) * 100n}::int8, 100, '2026-11-16T00:00:00+09:00',
        '2026-11-20T15:00:00+09:00', '2026-11-23T10:00:00+09:00', '2026-11-26T15:00:00+09:00',
        '2026-12-02T09:00:00+09:00')`.execute(db);
    await sql`
      insert into ipo_application (offering_id, user_id, order_no, quantity, price, amount, status, created_at,
        updated_at)
      select (select id from ipo_offering where code = 'S900'), 1 + i % ${U}::int, 'I' || i, 100, 10000000,
        1000000000, 0, now() - interval '7 days', now() - interval '7 days'
      from generate_series(0, least(${size.ipo}::int, ${U}::int) - 1) i`.execute(db);
  });
  await step('balances', () =>
    // balances = the sums of each account's transfers (posted; none pending)
    sql`
      update ledger_account a set debits_posted = coalesce(d.s, 0), credits_posted = coalesce(c.s, 0)
      from ledger_account a2
      left join (select debit_account id, sum(amount)::bigint s from ledger_transfer group by 1) d on d.id = a2.id
      left join (select credit_account id, sum(amount)::bigint s from ledger_transfer group by 1) c on c.id = a2.id
      where a.id = a2.id`.execute(db),
  );
  await step('keys and indexes', () => restoreKeysAndIndexes(db, defs));
  // a restore is followed by a vacuum: it sets the visibility map (index-only scans, such as a page of
  // fund records, read no table rows) and the statistics, as autovacuum does for a live book's inserts
  await step('vacuum', () =>
    sql`vacuum (analyze) app_user, ledger_account, ledger_transfer, fund_record, position, stock_loan`.execute(
      db,
    ),
  );
  return steps;
}
