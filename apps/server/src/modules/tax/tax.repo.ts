import { type Db, rowSet, type TaxAccountKindColumn, type Tx } from '@kabuto/db';
import { type CostBook, DEFAULT_TAX_ACCOUNT, type TaxYear } from '@kabuto/domain';
import { sql } from 'kysely';

/** Every statement on the tax tables (migration 0027). */

export interface TaxAccountRow {
  kind: TaxAccountKindColumn;
  nisa: boolean;
  chosen_year: number | null;
}

const DEFAULT_ACCOUNT: TaxAccountRow = { kind: DEFAULT_TAX_ACCOUNT, nisa: false, chosen_year: null };

export async function getAccount(db: Db | Tx, userId: bigint): Promise<TaxAccountRow> {
  const r = await db
    .selectFrom('tax_account')
    .select(['kind', 'nisa', 'chosen_year'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return r ?? DEFAULT_ACCOUNT;
}

/** The user's account row, created with the defaults if missing, locked for this transaction. */
export async function lockAccount(tx: Tx, userId: bigint): Promise<TaxAccountRow> {
  await tx
    .insertInto('tax_account')
    .values({ user_id: userId })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return tx
    .selectFrom('tax_account')
    .select(['kind', 'nisa', 'chosen_year'])
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function setAccount(
  tx: Tx,
  userId: bigint,
  v: { kind: TaxAccountKindColumn; nisa: boolean; chosenYear?: number },
  at: Date,
): Promise<void> {
  await tx
    .updateTable('tax_account')
    .set({
      kind: v.kind,
      nisa: v.nisa,
      updated_at: at,
      ...(v.chosenYear !== undefined ? { chosen_year: v.chosenYear } : {}),
    })
    .where('user_id', '=', userId)
    .execute();
}

export async function getYear(db: Db | Tx, userId: bigint, year: number): Promise<TaxYear> {
  const r = await db
    .selectFrom('tax_year')
    .select(['net', 'dividends', 'national', 'local'])
    .where('user_id', '=', userId)
    .where('year', '=', year)
    .executeTakeFirst();
  return r ?? { net: 0n, dividends: 0n, national: 0n, local: 0n };
}

/** A tax year's state, created empty if missing, locked: sales of one user withhold one after another. */
export async function lockYear(tx: Tx, userId: bigint, year: number): Promise<TaxYear> {
  await tx
    .insertInto('tax_year')
    .values({ user_id: userId, year })
    .onConflict((oc) => oc.columns(['user_id', 'year']).doNothing())
    .execute();
  return tx
    .selectFrom('tax_year')
    .select(['net', 'dividends', 'national', 'local'])
    .where('user_id', '=', userId)
    .where('year', '=', year)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function saveYear(tx: Tx, userId: bigint, year: number, y: TaxYear): Promise<void> {
  await tx
    .updateTable('tax_year')
    .set({ net: y.net, dividends: y.dividends, national: y.national, local: y.local })
    .where('user_id', '=', userId)
    .where('year', '=', year)
    .execute();
}

/**
 * Dividends received and their tax withheld, added to the tax year of each user whose account is
 * 源泉徴収あり (a user without a row has the default, 源泉徴収あり); one row per user, in user order.
 */
export async function addDividends(
  tx: Tx,
  year: number,
  rows: readonly { user_id: bigint; dividends: bigint; national: bigint; local: bigint }[],
): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    insert into tax_year (user_id, year, dividends, national, local)
    select v.user_id, ${year}::int, v.dividends, v.national, v.local
    from ${rowSet('v', { user_id: 'int8', dividends: 'int8', national: 'int8', local: 'int8' }, rows)}
    left join tax_account a on a.user_id = v.user_id
    where coalesce(a.kind, ${DEFAULT_TAX_ACCOUNT}) = 'withholding'
    order by v.user_id
    on conflict (user_id, year) do update set dividends = tax_year.dividends + excluded.dividends,
      national = tax_year.national + excluded.national, local = tax_year.local + excluded.local`.execute(tx);
}

/**
 * The next batch of a year's 源泉徴収あり rows whose dividend tax this year's losses may offset (a net
 * loss beside dividends with tax withheld), after `after` in user order, locked.
 */
export const lockNettingBatch = (tx: Tx, year: number, after: bigint, limit: number) =>
  tx
    .selectFrom('tax_year as y')
    .leftJoin('tax_account as a', 'a.user_id', 'y.user_id')
    .select(['y.user_id', 'y.net', 'y.dividends', 'y.national', 'y.local'])
    .where('y.year', '=', year)
    .where('y.user_id', '>', after)
    .where('y.net', '<', 0n)
    .where('y.dividends', '>', 0n)
    .where((eb) => eb.or([eb('y.national', '>', 0n), eb('y.local', '>', 0n)]))
    .where((eb) => eb.fn.coalesce('a.kind', eb.val(DEFAULT_TAX_ACCOUNT)), '=', 'withholding')
    .orderBy('y.user_id')
    .limit(limit)
    .forUpdate('y')
    .execute();

/** The tax withheld so far of many users' year, in one statement. */
export async function setWithheld(
  tx: Tx,
  year: number,
  rows: readonly { user_id: bigint; national: bigint; local: bigint }[],
): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    update tax_year y set national = v.national, local = v.local
    from ${rowSet('v', { user_id: 'int8', national: 'int8', local: 'int8' }, rows)}
    where y.user_id = v.user_id and y.year = ${year}::int`.execute(tx);
}

export async function hasEventIn(db: Db | Tx, userId: bigint, year: number): Promise<boolean> {
  const r = await db
    .selectFrom('tax_event')
    .select('id')
    .where('user_id', '=', userId)
    .where('year', '=', year)
    .where('kind', '<>', 'nisa')
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}

export async function lockBook(tx: Tx, userId: bigint, symbol: string, nisa: boolean): Promise<CostBook> {
  await tx
    .insertInto('tax_book')
    .values({ user_id: userId, symbol, nisa, quantity: 0n, unit_cost: 0n })
    .onConflict((oc) => oc.columns(['user_id', 'symbol', 'nisa']).doNothing())
    .execute();
  const r = await tx
    .selectFrom('tax_book')
    .select(['quantity', 'unit_cost'])
    .where('user_id', '=', userId)
    .where('symbol', '=', symbol)
    .where('nisa', '=', nisa)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { quantity: r.quantity, unitCost: r.unit_cost };
}

export async function saveBook(
  tx: Tx,
  userId: bigint,
  symbol: string,
  nisa: boolean,
  b: CostBook,
  at: Date,
): Promise<void> {
  await tx
    .updateTable('tax_book')
    .set({ quantity: b.quantity, unit_cost: b.unitCost, updated_at: at })
    .where('user_id', '=', userId)
    .where('symbol', '=', symbol)
    .where('nisa', '=', nisa)
    .execute();
}

/** A cash purchase not folded into its book yet: the whole order (its split-off parts added back). */
export interface Purchase {
  id: bigint;
  market: string;
  quantity: bigint;
  open_price: bigint;
  fees: bigint;
  filled_at: Date;
}

/**
 * The user's filled cash purchases (leverage 1, long, not a day trade) of a stock and book that are not
 * in the book yet, in fill order. A partial close splits shares off an order into rows of their own
 * (`split_from`); the order is counted whole, once.
 */
export async function unfoldedPurchases(
  tx: Tx,
  userId: bigint,
  symbol: string,
  nisa: boolean,
): Promise<Purchase[]> {
  const r = await sql<Purchase>`
    select p.id, p.market, p.open_price,
      p.quantity + coalesce(c.quantity, 0) as quantity,
      p.buy_fee + p.stamp_duty + coalesce(c.fees, 0) as fees,
      p.filled_at
    from position p
    left join lateral (
      select sum(s.quantity)::bigint as quantity, sum(s.buy_fee + s.stamp_duty)::bigint as fees
      from position s where s.split_from = p.id
    ) c on true
    where p.user_id = ${userId} and p.symbol = ${symbol} and p.nisa = ${nisa}
      and p.leverage = 1 and p.direction = 1 and not p.day_trade
      and p.split_from is null and p.filled_at is not null and p.open_price is not null
      and not exists (select 1 from tax_acquisition a where a.position_id = p.id)
    order by p.filled_at, p.id`.execute(tx);
  return r.rows;
}

export async function insertAcquisitions(
  tx: Tx,
  rows: {
    position_id: bigint;
    user_id: bigint;
    symbol: string;
    nisa: boolean;
    quantity: bigint;
    cost: bigint;
    acquired_at: Date;
  }[],
): Promise<void> {
  if (rows.length) await tx.insertInto('tax_acquisition').values(rows).execute();
}

export interface TaxEventInput {
  user_id: bigint;
  position_id: bigint;
  year: number;
  kind: TaxAccountKindColumn | 'nisa';
  market: string;
  symbol: string;
  quantity: bigint;
  proceeds: bigint;
  cost: bigint;
  gain: bigint;
  national: bigint;
  local: bigint;
  national_transfer: bigint | null;
  local_transfer: bigint | null;
  created_at: Date;
}

export async function insertEvent(tx: Tx, e: TaxEventInput): Promise<void> {
  await tx.insertInto('tax_event').values(e).execute();
}

/**
 * The NISA quota used: this year's purchases (orders not cancelled), and the lifetime's (every purchase
 * less the book value sold in earlier years), yen. Counted on the orders themselves (`nisa_amount`, the
 * original order only), so a cancelled order frees its quota at once.
 */
export async function nisaUsage(
  db: Db | Tx,
  userId: bigint,
  year: number,
): Promise<{ yearUsed: bigint; lifetimeUsed: bigint }> {
  const r = await sql<{ year_used: bigint | null; bought: bigint | null; freed: bigint | null }>`
    select
      (select sum(nisa_amount)::bigint from position
        where user_id = ${userId} and nisa and split_from is null and status <> 4
          and extract(year from created_at at time zone 'Asia/Tokyo') = ${year}) as year_used,
      (select sum(nisa_amount)::bigint from position
        where user_id = ${userId} and nisa and split_from is null and status <> 4) as bought,
      (select sum(cost)::bigint from tax_event
        where user_id = ${userId} and kind = 'nisa' and year < ${year}) as freed`.execute(db);
  const row = r.rows[0];
  return {
    yearUsed: BigInt(row?.year_used ?? 0n),
    lifetimeUsed: BigInt(row?.bought ?? 0n) - BigInt(row?.freed ?? 0n),
  };
}

export async function holdsNisa(tx: Tx, userId: bigint): Promise<boolean> {
  const r = await tx
    .selectFrom('position')
    .select('id')
    .where('user_id', '=', userId)
    .where('nisa', '=', true)
    .where('status', 'in', [0, 2, 3])
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}

/** A tax year's figures for the annual report (年間取引報告書): the taxable account's and NISA's apart. */
export async function yearTotals(db: Db | Tx, userId: bigint, year: number) {
  const r = await sql<{
    nisa: boolean;
    sales: string;
    proceeds: bigint | null;
    cost: bigint | null;
    gain: bigint | null;
    national: bigint | null;
    local: bigint | null;
  }>`
    select kind = 'nisa' as nisa, count(*)::text as sales, sum(proceeds)::bigint as proceeds,
      sum(cost)::bigint as cost, sum(gain)::bigint as gain, sum(national)::bigint as national,
      sum(local)::bigint as local
    from tax_event where user_id = ${userId} and year = ${year}
    group by kind = 'nisa'`.execute(db);
  const bought = await sql<{ amount: bigint | null }>`
    select sum(nisa_amount)::bigint as amount from position
    where user_id = ${userId} and nisa and split_from is null and status <> 4
      and extract(year from created_at at time zone 'Asia/Tokyo') = ${year}`.execute(db);
  const part = (nisa: boolean) => {
    const row = r.rows.find((x) => x.nisa === nisa);
    return {
      sales: Number(row?.sales ?? 0),
      proceeds: BigInt(row?.proceeds ?? 0n),
      cost: BigInt(row?.cost ?? 0n),
      gain: BigInt(row?.gain ?? 0n),
      national: BigInt(row?.national ?? 0n),
      local: BigInt(row?.local ?? 0n),
    };
  };
  return { taxable: part(false), nisa: { ...part(true), bought: BigInt(bought.rows[0]?.amount ?? 0n) } };
}
