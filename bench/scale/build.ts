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
 * - `dayTrades` day-trade lines for 2026-11-20 (the Friday before the clock; its day is over), each as the
 *   application and the review left it: the amount held out of cash (a pending transfer to the user's
 *   day-trade account) and posted at the approval, with its fund record; half of them traded (one
 *   position opened and closed against the line, a gain, settled into the line: status trading), the
 *   other half never traded (approved): the day-trade job settles every one;
 * - `stakes` copy-trade stakes over ten products (their constituents fixed at inception so that the NAV
 *   was 1, the NAV fixed at every close through 2026-11-19 from the simulator's daily closes), each
 *   followed on 2026-11-20 at 10:00 Tokyo at the NAV of that minute's quotes, as the follow call leaves it
 *   (cash → the user's stake account, its fund record, the product's amount raised; locked in for 30
 *   days): the products job fixes the NAV of 2026-11-20 and books that day for every stake (a gain paid
 *   to cash with its fund record, or a loss taken from the stake, as the simulator's prices moved from
 *   10:00 to the close);
 * - every account's balance columns set from the sums of its transfers (the ledger's invariant:
 *   balances = what the transfers add up to; the reconcile job checks it, with every cash balance equal
 *   to its last fund record: the day-trade and copy-trade records come after each user's history, in
 *   id order, with the balance after each). Every hold in the book is resolved (posted), so no account
 *   has a pending balance.
 *
 * Foreign keys and secondary indexes of the big tables are dropped while loading and made again after
 * (as a restore does); their build time is part of the build time.
 */
import type { Db } from '@kabuto/db';
import { migrateToLatest } from '@kabuto/db';
import { type Holding, localDate, ManualClock, NAV_ONE, navOf, QTY_SCALE, type Units } from '@kabuto/domain';
import { createMarketData } from '@kabuto/market';
import { sql } from 'kysely';
import { loadEnv } from '../../apps/server/src/config.ts';
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
  /** Copy-trade stakes (one ¥100,000 stake each, over ten products) whose day 2026-11-20 is to book. */
  stakes: number;
  /** Day-trade lines of 2026-11-20 (one a user), approved, half of them traded, none settled yet. */
  dayTrades: number;
}

export const SIZES: Record<string, Size> = {
  base: {
    name: 'base',
    users: 100,
    positions: 500,
    entries: 14_000,
    heavy: 10_020,
    loans: 100,
    ipo: 100,
    stakes: 100,
    dayTrades: 10,
  },
  small: {
    name: 'small',
    users: 10_000,
    positions: 50_000,
    entries: 500_000,
    heavy: 10_020,
    loans: 1_000,
    ipo: 1_000,
    stakes: 2_000,
    dayTrades: 200,
  },
  medium: {
    name: 'medium',
    users: 100_000,
    positions: 500_000,
    entries: 5_000_000,
    heavy: 10_020,
    loans: 2_000,
    ipo: 10_000,
    stakes: 20_000,
    dayTrades: 2_000,
  },
  full: {
    name: 'full',
    users: 1_000_000,
    positions: 5_000_000,
    entries: 50_000_000,
    heavy: 10_020,
    loans: 100_000,
    ipo: 100_000,
    stakes: 200_000,
    dayTrades: 20_000,
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

/** The clock the jobs run at (bench/scale/run.ts): inside Tokyo's session on Tuesday 2026-11-24. */
export const JOBS_CLOCK = Date.parse('2026-11-24T10:00:00+09:00');
/** A day-trade line: ¥1,000,000; a traded line's position took ¥500,000 of margin and gained ¥10,000. */
const LINE = 10_000_000_000n;
const LINE_MARGIN = 5_000_000_000n;
const LINE_GAIN = 100_000_000n;
const DAY_TRADE_APPLIED = '2026-11-20T08:30:00+09:00';
const DAY_TRADE_APPROVED = '2026-11-20T08:45:00+09:00';
const DAY_TRADE_OPENED = '2026-11-20T09:30:00+09:00';
const DAY_TRADE_CLOSED = '2026-11-20T13:00:00+09:00';
/** A copy-trade stake: ¥100,000, followed on 2026-11-20 from 10:00 Tokyo (within the hour). */
const STAKE = 1_000_000_000n;
const STAKE_FOLLOWED = '2026-11-20T10:00:00+09:00';
/** Products of the book (fewer when there are fewer stakes) and their first and last fixed close. */
const PRODUCTS = 10;
const INCEPTION = '2026-10-01';
const LAST_FIXED = '2026-11-19';

/**
 * The book's products from the market data the jobs will read (the simulator, seeded as the app is):
 * product k holds three of the symbols (weights 50/30/20%), their quantities fixed at the inception's
 * closes so that the NAV was 1 then; the NAV of every close from the inception through 2026-11-19; the
 * NAV at the quotes of 2026-11-20 10:00 Tokyo, when the stakes were followed (their entry NAV).
 */
async function productBook(n: number) {
  const env = loadEnv({ LOG_LEVEL: 'silent' });
  const market = createMarketData({
    spec: env.MARKET_PROVIDER,
    clock: new ManualClock(JOBS_CLOCK),
    seed: env.SIM_SEED,
    env,
  });
  await market.ready();
  const closes = new Map<string, Map<string, Units>>();
  for (const symbol of SYMBOLS) {
    const bySymbol = new Map<string, Units>();
    for (const c of await market.candles(symbol, '1D', { limit: 80 }))
      bySymbol.set(localDate('jpy', c.time), c.close);
    closes.set(symbol, bySymbol);
  }
  const dates = [...closes.get(SYMBOLS[0])!.keys()]
    .filter((d) => d >= INCEPTION && d <= LAST_FIXED && SYMBOLS.every((s) => closes.get(s)!.has(d)))
    .sort();
  if (dates.length === 0) throw new Error(`no daily closes from ${INCEPTION} to ${LAST_FIXED}`);
  // the quotes when the stakes were followed: each stake's entry NAV
  const followed = createMarketData({
    spec: env.MARKET_PROVIDER,
    clock: new ManualClock(Date.parse(STAKE_FOLLOWED)),
    seed: env.SIM_SEED,
    env,
  });
  await followed.ready();
  const live = new Map(followed.quotes(SYMBOLS).map((q) => [q.symbol, q.price]));
  const weights = [5000, 3000, 2000];
  return Array.from({ length: n }, (_, k) => {
    const holdings: Holding[] = weights.map((w, j) => {
      const symbol = SYMBOLS[(k + j) % SYMBOLS.length];
      const first = closes.get(symbol)!.get(dates[0])!;
      return { symbol, weightBp: w, qty: (BigInt(w) * NAV_ONE * QTY_SCALE) / (10_000n * first) };
    });
    const navs = dates.map((date) => {
      const prices = new Map(holdings.map((h) => [h.symbol, closes.get(h.symbol)!.get(date)!]));
      return { date, nav: navOf(holdings, prices)! };
    });
    return { inception: dates[0], holdings, navs, entry: navOf(holdings, live)! };
  });
}

/** The highest ids so far of the transfers, positions and fund records (as strings: bigints). */
async function lastIds(db: Db) {
  const { rows } = await sql<{ t0: string; p0: string; f0: string }>`
    select coalesce((select max(id) from ledger_transfer), 0)::text as t0,
      coalesce((select max(id) from position), 0)::text as p0,
      coalesce((select max(id) from fund_record), 0)::text as f0`.execute(db);
  return rows[0];
}

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
  // every other user's cash after its history (its last record's balance): n transfers, deposit first
  const cashAfter = (BigInt(Math.floor((per - 1) / 2)) + 1n) * DEPOSIT - BigInt(Math.floor(per / 2)) * FEE;
  const D = Math.min(size.dayTrades, U - 1);
  await step('day trades', async () => {
    if (D <= 0) return;
    // line i is user 2 + i's (one open line a user); odd lines traded. The accounts: each line's user's
    // day-trade account, the traded ones' margin accounts, the platform's counterparty shards.
    await sql`
      insert into ledger_account (owner, currency, kind, shard, flags)
      select 2 + i, 'jpy', 'day_trade', 0, 1 from generate_series(0, ${D}::int - 1) i
      union all select 2 + i, 'jpy', 'margin', 0, 1 from generate_series(0, ${D}::int - 1) i where i % 2 = 1
      union all select null, 'jpy', 'counterparty', s, 0 from generate_series(0, 15) s`.execute(db);
    const { t0, p0, f0 } = await lastIds(db);
    // per line (ids t + 1 … t + 5 of its transfers): the hold (pending, at the application), its post (at
    // the approval); a traded line's position: the margin out of the line, back at the close with the gain
    const lines = sql`
      select i, 2 + i as u, 'D' || i as no, 'T' || i as pno, i % 2 = 1 as traded,
        t0 + 5 * i::bigint as t, p0 + 1 + i as pos, f0 + 1 + i as rec,
        (select id from ledger_account where owner = 2 + i and currency = 'jpy' and kind = 'day_trade') as line,
        (select id from ledger_account where owner = 2 + i and currency = 'jpy' and kind = 'margin') as margin,
        (select id from ledger_account where owner is null and currency = 'jpy' and kind = 'counterparty'
          and shard = (2 + i) % 16) as cp
      from generate_series(0, ${D}::int - 1) i, (select ${t0}::bigint as t0, ${p0}::bigint as p0, ${f0}::bigint as f0) m`;
    await sql`
      insert into ledger_transfer (id, debit_account, credit_account, amount, currency, code, flags, pending_id,
        operation_ref, created_at)
      overriding system value
      select t + k, case k when 1 then u when 2 then u when 3 then line when 4 then margin else cp end,
        case k when 1 then line when 2 then line when 3 then margin else line end,
        case when k <= 2 then ${LINE}::bigint when k <= 4 then ${LINE_MARGIN}::bigint else ${LINE_GAIN}::bigint end,
        'jpy', case k when 1 then 'day_trade' when 2 then 'day_trade' when 3 then 'margin_hold'
          when 4 then 'margin_release' else 'pnl' end,
        case k when 1 then 2 when 2 then 4 when 4 then 1 else 0 end, case when k = 2 then t + 1 end,
        case when k <= 2 then 'daytrade:' || no else 'position:' || pno end,
        case k when 1 then ${DAY_TRADE_APPLIED} when 2 then ${DAY_TRADE_APPROVED} when 3 then ${DAY_TRADE_OPENED}
          else ${DAY_TRADE_CLOSED} end::timestamptz
      from (${lines}) l cross join generate_series(1, 5) k where k <= 2 or traded`.execute(db);
    await sql`
      insert into position (id, user_id, order_no, market, symbol, direction, order_type, leverage, quantity,
        open_price, close_price, margin, buy_fee, sell_fee, pnl, status, close_reason, day_trade, created_at,
        filled_at, closed_at, updated_at)
      overriding system value
      select pos, u, pno, 'jpy', (${sql.val(SYMBOLS)}::text[])[1 + i % ${SYMBOLS.length}], 1, 1, 2, 1000000,
        10000000000, 10200000000, ${LINE_MARGIN}::bigint, 0, 0, ${LINE_GAIN}::bigint, 1, 'user', true,
        ${DAY_TRADE_OPENED}::timestamptz, ${DAY_TRADE_OPENED}::timestamptz, ${DAY_TRADE_CLOSED}::timestamptz,
        ${DAY_TRADE_CLOSED}::timestamptz
      from (${lines}) l where traded`.execute(db);
    await sql`
      insert into day_trade_application (user_id, order_no, market, currency, amount, trade_date, hold_transfer,
        status, decided_at, created_at)
      select u, no, 'jpy', 'jpy', ${LINE}::bigint, '2026-11-20', t + 1, case when traded then 3 else 1 end,
        ${DAY_TRADE_APPROVED}::timestamptz, ${DAY_TRADE_APPLIED}::timestamptz
      from (${lines}) l order by i`.execute(db);
    await sql`
      insert into day_trade_position (position_id, application_id)
      select l.pos, a.id from (${lines}) l join day_trade_application a on a.order_no = l.no where l.traded`.execute(
      db,
    );
    // the approval's statement line (the hold posted out of cash)
    await sql`
      insert into fund_record (id, user_id, currency, type, order_no, amount, balance, transfer_id, ref, created_at)
      overriding system value
      select rec, u, 'jpy', 'day_trade', no, -${LINE}::bigint, ${cashAfter}::bigint - ${LINE}::bigint, t + 2,
        'daytrade:' || no, ${DAY_TRADE_APPROVED}::timestamptz
      from (${lines}) l`.execute(db);
    for (const t of ['ledger_transfer', 'position', 'fund_record'])
      await sql`select setval(pg_get_serial_sequence(${t}, 'id'), (select max(id) from ${sql.table(t)}))`.execute(
        db,
      );
  });
  await step('copy trade', async () => {
    if (size.stakes <= 0) return;
    const products = await productBook(Math.min(PRODUCTS, size.stakes));
    const P = products.length;
    for (const [k, p] of products.entries()) {
      await sql`
        insert into product (id, market, name_jp, name_cn, name_us, issuer, target_bp, minimum, capacity,
          lock_days, inception, deadline_at, ends_at, created_at, updated_at)
        overriding system value
        values (${k + 1}, 'jpy', ${`ベンチ商品${k + 1}`}, ${`基准产品${k + 1}`}, ${`Bench product ${k + 1}`},
          'Bench', 50, ${STAKE}::bigint, 1000000000000000, 30, ${p.inception}, '2026-12-31T15:00:00+09:00',
          '2027-03-31T15:00:00+09:00', ${p.inception}::date, ${p.inception}::date)`.execute(db);
      await db
        .insertInto('product_constituent')
        .values(
          p.holdings.map((h) => ({
            product_id: BigInt(k + 1),
            symbol: h.symbol,
            weight_bp: h.weightBp,
            qty: h.qty,
          })),
        )
        .execute();
      await db
        .insertInto('product_nav')
        .values(
          p.navs.map((n) => ({
            product_id: BigInt(k + 1),
            date: n.date,
            nav: n.nav,
            fixed_at: new Date(`${n.date}T15:30:00+09:00`),
          })),
        )
        .execute();
    }
    await sql`select setval(pg_get_serial_sequence('product', 'id'), ${P}::int)`.execute(db);
    const { t0, f0 } = await lastIds(db);
    // stake i: product 1 + i % P, user 2 + i % (U - 1) (its k-th stake, k = i / (U - 1) + 1)
    await sql`
      insert into ledger_account (owner, currency, kind, shard, flags)
      select u, 'jpy', 'stake', 0, 1 from generate_series(2, least(${U}::int, ${size.stakes}::int + 1)) u`.execute(
      db,
    );
    const stakes = sql`
      select i, 1 + i % ${P}::int as product, 2 + i % (${U}::int - 1) as u, i / (${U}::int - 1) + 1 as k,
        'F' || i as no, t0 + 1 + i as t, f0 + 1 + i as rec,
        (${sql.val(products.map((p) => String(p.entry)))}::int8[])[1 + i % ${P}::int] as nav,
        ${STAKE_FOLLOWED}::timestamptz + i % 3600 * interval '1 second' as at
      from generate_series(0, ${size.stakes}::int - 1) i, (select ${t0}::bigint as t0, ${f0}::bigint as f0) m`;
    await sql`
      insert into ledger_transfer (id, debit_account, credit_account, amount, currency, code, operation_ref,
        created_at)
      overriding system value
      select t, u, (select id from ledger_account where owner = u and currency = 'jpy' and kind = 'stake'),
        ${STAKE}::bigint, 'jpy', 'product', 'product:' || no, at
      from (${stakes}) s`.execute(db);
    await sql`
      insert into product_stake (id, product_id, user_id, order_no, market, amount, units, entry_nav, last_nav,
        stake, status, lock_until, created_at)
      overriding system value
      select i + 1, product, u, no, 'jpy', ${STAKE}::bigint, ${STAKE}::bigint * ${NAV_ONE}::bigint / nav, nav, nav,
        ${STAKE}::bigint, 2, at + interval '30 days', at
      from (${stakes}) s`.execute(db);
    await sql`
      insert into fund_record (id, user_id, currency, type, order_no, amount, balance, transfer_id, product_name,
        issuer, created_at)
      overriding system value
      select rec, u, 'jpy', 'copy_trade', no, -${STAKE}::bigint,
        ${cashAfter}::bigint - case when u - 2 < ${D}::int then ${LINE}::bigint else 0 end - k * ${STAKE}::bigint,
        t, 'ベンチ商品' || product, 'Bench', at
      from (${stakes}) s`.execute(db);
    await sql`
      update product p set raised = s.raised from
        (select product_id, sum(amount)::bigint as raised from product_stake group by 1) s
      where s.product_id = p.id`.execute(db);
    for (const t of ['ledger_transfer', 'fund_record', 'product_stake'])
      await sql`select setval(pg_get_serial_sequence(${t}, 'id'), (select max(id) from ${sql.table(t)}))`.execute(
        db,
      );
  });
  await step('balances', () =>
    // balances = the sums of each account's posted transfers (single and post; the holds are all posted,
    // so nothing is pending)
    sql`
      update ledger_account a set debits_posted = coalesce(d.s, 0), credits_posted = coalesce(c.s, 0)
      from ledger_account a2
      left join (select debit_account id, sum(amount)::bigint s from ledger_transfer where flags & 10 = 0 group by 1) d
        on d.id = a2.id
      left join (select credit_account id, sum(amount)::bigint s from ledger_transfer where flags & 10 = 0 group by 1) c
        on c.id = a2.id
      where a.id = a2.id`.execute(db),
  );
  await step('keys and indexes', () => restoreKeysAndIndexes(db, defs));
  // a restore is followed by a vacuum: it sets the visibility map (index-only scans, such as a page of
  // fund records, read no table rows) and the statistics, as autovacuum does for a live book's inserts
  await step('vacuum', () =>
    sql`vacuum (analyze) app_user, ledger_account, ledger_transfer, fund_record, position, stock_loan,
      product_stake, product_nav, day_trade_application, day_trade_position`.execute(db),
  );
  return steps;
}
