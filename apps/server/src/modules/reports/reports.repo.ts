import type { Db, ReportKind, Tx } from '@kabuto/db';
import { sql } from 'kysely';

/** Every statement of the reports: the report rows, and the reads each report is made from. */

export interface ReportRow {
  id: bigint;
  user_id: bigint;
  kind: ReportKind;
  period_start: string;
  period_end: string;
  file: string;
  sha256: string;
  size: number;
  created_at: Date;
}

export async function listReports(
  db: Db,
  userId: bigint,
  kind: ReportKind | undefined,
  page: number,
  size: number,
) {
  let q = db.selectFrom('report').where('user_id', '=', userId);
  if (kind) q = q.where('kind', '=', kind);
  const [rows, total] = await Promise.all([
    q
      .selectAll()
      .orderBy('period_end', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    q.select((e) => e.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as ReportRow[], total: Number(total.n) };
}

/** A user's own report (another user's id finds nothing). */
export async function ownReport(db: Db, userId: bigint, id: bigint): Promise<ReportRow | undefined> {
  return (await db
    .selectFrom('report')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()) as ReportRow | undefined;
}

export async function findReport(
  db: Db | Tx,
  userId: bigint,
  kind: ReportKind,
  start: string,
  end: string,
): Promise<ReportRow | undefined> {
  return (await db
    .selectFrom('report')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('period_start', '=', start)
    .where('period_end', '=', end)
    .executeTakeFirst()) as ReportRow | undefined;
}

/** Records a made report; a report already made for the period stays (the second is not recorded). */
export async function insertReport(
  tx: Tx,
  r: Omit<ReportRow, 'id' | 'created_at'> & { created_at: Date },
): Promise<boolean> {
  const done = await tx
    .insertInto('report')
    .values(r)
    .onConflict((oc) => oc.constraint('report_once').doNothing())
    .returning('id')
    .executeTakeFirst();
  return done !== undefined;
}

const userIds = (rows: { user_id: bigint | string }[]) => rows.map((r) => BigInt(r.user_id));

/** The users with a fill (an opening or a close) in [from, to) and no trade report of `date` yet. */
export async function usersWithFills(db: Db, from: Date, to: Date, date: string): Promise<bigint[]> {
  const r = await sql<{ user_id: bigint }>`
    select u.user_id from (
      select user_id from position
        where split_from is null and open_price is not null and filled_at >= ${from} and filled_at < ${to}
      union
      select user_id from position
        where status = 1 and close_price is not null and closed_at >= ${from} and closed_at < ${to}
    ) u
    where not exists (select 1 from report r where r.user_id = u.user_id and r.kind = 'trade'
      and r.period_start = ${date} and r.period_end = ${date})
    order by u.user_id`.execute(db);
  return userIds(r.rows);
}

export interface FillRow {
  id: bigint;
  order_no: string;
  market: string;
  symbol: string;
  direction: number;
  leverage: number;
  source: string;
  day_trade: boolean;
  nisa: boolean;
  leg: 'open' | 'close';
  at: Date;
  price: bigint;
  quantity: bigint;
  fees: bigint;
  pnl: bigint | null;
  reason: string | null;
}

/**
 * A user's fills in [from, to), in time order: each order's opening fill (the whole order: the parts a
 * partial close split off are added back) and each close (a partial close is a row of its own).
 */
export async function fillsOf(db: Db, userId: bigint, from: Date, to: Date): Promise<FillRow[]> {
  const r = await sql<FillRow>`
    select p.id, p.order_no, p.market, p.symbol, p.direction, p.leverage, p.source, p.day_trade, p.nisa,
      'open' as leg, p.filled_at as at, p.open_price as price,
      p.quantity + coalesce(c.quantity, 0) as quantity,
      p.buy_fee + p.stamp_duty + coalesce(c.fees, 0) as fees, null::bigint as pnl, null::text as reason
    from position p
    left join lateral (
      select sum(s.quantity)::bigint as quantity, sum(s.buy_fee + s.stamp_duty)::bigint as fees
      from position s where s.split_from = p.id
    ) c on true
    where p.user_id = ${userId} and p.split_from is null and p.open_price is not null
      and p.filled_at >= ${from} and p.filled_at < ${to}
    union all
    select p.id, p.order_no, p.market, p.symbol, p.direction, p.leverage, p.source, p.day_trade, p.nisa,
      'close' as leg, p.closed_at as at, p.close_price as price, p.quantity, p.sell_fee as fees, p.pnl,
      p.close_reason as reason
    from position p
    where p.user_id = ${userId} and p.status = 1 and p.close_price is not null
      and p.closed_at >= ${from} and p.closed_at < ${to}
    order by at, id, leg desc`.execute(db);
  return r.rows.map((x) => ({
    ...x,
    id: BigInt(x.id),
    price: BigInt(x.price),
    quantity: BigInt(x.quantity),
    fees: BigInt(x.fees),
    pnl: x.pnl === null ? null : BigInt(x.pnl),
  }));
}

/** The users with a movement of cash in [from, to) or shares held at `to`. */
export async function usersActiveIn(db: Db, from: Date, to: Date): Promise<bigint[]> {
  const r = await sql<{ user_id: bigint }>`
    select user_id from fund_record where created_at >= ${from} and created_at < ${to}
    union
    select user_id from position where open_price is not null and filled_at < ${to}
      and (closed_at is null or closed_at >= ${to}) and status in (0, 1, 2)
    order by user_id`.execute(db);
  return userIds(r.rows);
}

/** The users who held a margin position (leveraged or short) at some time in [from, to). */
export async function usersWithMargin(db: Db, from: Date, to: Date): Promise<bigint[]> {
  const r = await sql<{ user_id: bigint }>`
    select distinct user_id from position
    where (leverage > 1 or direction = 2) and open_price is not null and filled_at < ${to}
      and (closed_at is null or closed_at >= ${from}) and status in (0, 1, 2)
    order by user_id`.execute(db);
  return userIds(r.rows);
}

/** Each wallet's cash balance just before `at` (the balance of its last record). */
export async function balancesAt(db: Db, userId: bigint, at: Date): Promise<Map<string, bigint>> {
  const r = await sql<{ currency: string; balance: bigint }>`
    select distinct on (currency) currency, balance from fund_record
    where user_id = ${userId} and created_at < ${at}
    order by currency, created_at desc, id desc`.execute(db);
  return new Map(r.rows.map((x) => [x.currency, BigInt(x.balance)]));
}

export interface MovementRow {
  currency: string;
  type: string;
  order_no: string;
  amount: bigint;
  balance: bigint;
  stock_code: string | null;
  stock_name: string | null;
  memo: string | null;
  created_at: Date;
}

export async function movements(db: Db, userId: bigint, from: Date, to: Date): Promise<MovementRow[]> {
  return db
    .selectFrom('fund_record')
    .select([
      'currency',
      'type',
      'order_no',
      'amount',
      'balance',
      'stock_code',
      'stock_name',
      'memo',
      'created_at',
    ])
    .where('user_id', '=', userId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export interface HoldingRow {
  market: string;
  symbol: string;
  direction: number;
  leverage: number;
  quantity: bigint;
  open_price: bigint;
  lent: boolean;
  nisa: boolean;
}

/** The shares held at `at` (opened before it, not closed by then), at their acquisition price. */
export async function holdingsAt(db: Db, userId: bigint, at: Date): Promise<HoldingRow[]> {
  const r = await sql<HoldingRow>`
    select market, symbol, direction, leverage, quantity, open_price, lent, nisa from position
    where user_id = ${userId} and open_price is not null and filled_at < ${at}
      and (closed_at is null or closed_at >= ${at}) and status in (0, 1, 2)
    order by market, symbol, filled_at, id`.execute(db);
  return r.rows.map((x) => ({ ...x, quantity: BigInt(x.quantity), open_price: BigInt(x.open_price) }));
}
