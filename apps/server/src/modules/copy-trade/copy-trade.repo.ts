import {
  type Db,
  type ProductConstituentTable,
  type ProductRebalanceTable,
  type ProductStakeTable,
  type ProductTable,
  rowSet,
  sqlArray,
  type Tx,
} from '@kabuto/db';
import { type Market, STAKE_CODE } from '@kabuto/domain';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';

/** Every statement on the product tables. */

export type ProductRow = Selectable<ProductTable>;
export type ConstituentRow = Selectable<ProductConstituentTable>;
export type StakeRow = Selectable<ProductStakeTable>;

export const getProduct = (db: Db, id: bigint) =>
  db.selectFrom('product').selectAll().where('id', '=', id).executeTakeFirst();

export const lockProduct = (tx: Tx, id: bigint) =>
  tx.selectFrom('product').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const productsOf = (db: Db, market: Market, statuses: readonly number[]) =>
  db
    .selectFrom('product')
    .selectAll()
    .where('market', '=', market)
    .where('status', 'in', [...statuses])
    .orderBy('id')
    .execute();

/** Products not ended (the daily job's work). */
export const activeProducts = (db: Db) =>
  db.selectFrom('product').selectAll().where('status', '<>', 2).orderBy('id').execute();

export async function pageProducts(db: Db, f: { status?: number; page: number; size: number }) {
  let q = db.selectFrom('product');
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  const [rows, count] = await Promise.all([
    q
      .selectAll()
      .orderBy('id', 'desc')
      .limit(f.size)
      .offset((f.page - 1) * f.size)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export const insertProduct = (tx: Tx, row: Insertable<ProductTable>) =>
  tx.insertInto('product').values(row).returningAll().executeTakeFirstOrThrow();

export const updateProduct = (tx: Tx, id: bigint, set: Updateable<ProductTable>) =>
  tx.updateTable('product').set(set).where('id', '=', id).returningAll().executeTakeFirst();

export const addRaised = (tx: Tx, id: bigint, amount: bigint) =>
  tx
    .updateTable('product')
    .set((eb) => ({ raised: eb('raised', '+', amount) }))
    .where('id', '=', id)
    .execute();

// ---- constituents and NAV

export const constituents = (db: Db, productIds: readonly bigint[]) =>
  productIds.length === 0
    ? Promise.resolve([] as ConstituentRow[])
    : db
        .selectFrom('product_constituent')
        .selectAll()
        .where('product_id', 'in', [...productIds])
        .orderBy('product_id')
        .orderBy('weight_bp', 'desc')
        .orderBy('symbol')
        .execute();

export async function replaceConstituents(
  tx: Tx,
  productId: bigint,
  rows: readonly Omit<ConstituentRow, 'product_id'>[],
): Promise<void> {
  await tx.deleteFrom('product_constituent').where('product_id', '=', productId).execute();
  await tx
    .insertInto('product_constituent')
    .values(rows.map((r) => ({ ...r, product_id: productId })))
    .execute();
}

export const insertRebalance = (tx: Tx, row: Insertable<ProductRebalanceTable>) =>
  tx.insertInto('product_rebalance').values(row).execute();

export async function pageRebalances(db: Db, productId: bigint, page: number, size: number) {
  const q = db.selectFrom('product_rebalance').where('product_id', '=', productId);
  const [rows, count] = await Promise.all([
    q
      .leftJoin('operator', 'operator.id', 'product_rebalance.operator_id')
      .select([
        'product_rebalance.id',
        'product_rebalance.reason',
        'product_rebalance.nav',
        'product_rebalance.before',
        'product_rebalance.after',
        'product_rebalance.created_at',
        'operator.username',
      ])
      .orderBy('product_rebalance.id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** NAV history of a product, oldest first (the last `limit` closes). */
export async function navHistory(db: Db, productId: bigint, limit = 400) {
  const rows = await db
    .selectFrom('product_nav')
    .select(['date', 'nav'])
    .where('product_id', '=', productId)
    .orderBy('date', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse();
}

/** The last NAV fixed of each product (its date and value). */
export async function lastNavs(db: Db, productIds: readonly bigint[]) {
  if (productIds.length === 0) return new Map<bigint, { date: string; nav: bigint }>();
  const rows = await db
    .selectFrom('product_nav')
    .select(['product_id', 'date', 'nav'])
    .distinctOn('product_id')
    .where('product_id', 'in', [...productIds])
    .orderBy('product_id')
    .orderBy('date', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.product_id, { date: r.date, nav: r.nav }]));
}

export const insertNavs = (
  db: Db | Tx,
  rows: readonly { product_id: bigint; date: string; nav: bigint }[],
) =>
  rows.length === 0
    ? Promise.resolve()
    : db
        .insertInto('product_nav')
        .values([...rows])
        .onConflict((oc) => oc.columns(['product_id', 'date']).doNothing())
        .execute()
        .then(() => undefined);

// ---- stakes

export const insertStake = (tx: Tx, row: Insertable<ProductStakeTable>) =>
  tx.insertInto('product_stake').values(row).returningAll().executeTakeFirstOrThrow();

export const lockStake = (tx: Tx, id: bigint) =>
  tx.selectFrom('product_stake').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** Lock stakes (in id order, so two batches on the same stakes queue instead of deadlocking). */
export const lockStakes = (tx: Tx, ids: readonly bigint[]) =>
  ids.length === 0
    ? Promise.resolve([] as StakeRow[])
    : tx
        .selectFrom('product_stake')
        .selectAll()
        .where(sql<boolean>`id = any(${sqlArray(ids, 'int8')})`)
        .orderBy('id')
        .forUpdate()
        .execute();

export const updateStake = (tx: Tx, id: bigint, set: Updateable<ProductStakeTable>) =>
  tx.updateTable('product_stake').set(set).where('id', '=', id).execute();

export const userStakes = (db: Db, userId: bigint, market: Market) =>
  db
    .selectFrom('product_stake')
    .innerJoin('product', 'product.id', 'product_stake.product_id')
    .selectAll('product_stake')
    .select([
      'product.name_jp',
      'product.name_cn',
      'product.name_us',
      'product.issuer',
      'product.target_bp',
      'product.lock_days',
      'product.ends_at',
    ])
    .where('product_stake.user_id', '=', userId)
    .where('product_stake.market', '=', market)
    .orderBy('product_stake.id', 'desc')
    .execute();

export const userStakesOf = (db: Db, userId: bigint, productId: bigint) =>
  db
    .selectFrom('product_stake')
    .selectAll()
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .execute();

/** The P&L booked per day on a user's stakes in a product, oldest first. */
export const userDays = (db: Db, userId: bigint, productId: bigint) =>
  db
    .selectFrom('product_stake_day')
    .innerJoin('product_stake', 'product_stake.id', 'product_stake_day.stake_id')
    .select((eb) => [
      'product_stake_day.date',
      eb.fn.max('product_stake_day.nav').as('nav'),
      eb.fn.sum<string>('product_stake_day.pnl').as('pnl'),
    ])
    .where('product_stake.user_id', '=', userId)
    .where('product_stake.product_id', '=', productId)
    .groupBy('product_stake_day.date')
    .orderBy('product_stake_day.date')
    .execute();

/** The last booked day's P&L of each stake. */
export async function lastDays(db: Db, stakeIds: readonly bigint[]) {
  if (stakeIds.length === 0) return new Map<bigint, bigint>();
  const rows = await db
    .selectFrom('product_stake_day')
    .select(['stake_id', 'pnl'])
    .distinctOn('stake_id')
    .where('stake_id', 'in', [...stakeIds])
    .orderBy('stake_id')
    .orderBy('date', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.stake_id, r.pnl]));
}

export const openStakesOf = (db: Db | Tx, productId: bigint, afterId: bigint, limit: number) =>
  db
    .selectFrom('product_stake')
    .select(['id', 'last_date', 'created_at'])
    .where('product_id', '=', productId)
    .where('status', '<>', STAKE_CODE.ended)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();

/** Locked stakes whose lock-in is over. */
export const unlockable = (db: Db, at: Date) =>
  db
    .selectFrom('product_stake')
    .select(['id', 'status'])
    .where('status', '=', STAKE_CODE.locked)
    .where('lock_until', '<=', at)
    .orderBy('id')
    .limit(1000)
    .execute();

export interface StakeDayInsert {
  stake_id: bigint;
  date: string;
  nav: bigint;
  pnl: bigint;
  transfer_id: bigint | null;
  created_at: Date;
}

/**
 * Book days of any number of stakes in one statement (the rows as one parameter), each once: a day
 * booked already is kept as it is. Returns how many were inserted.
 */
export async function insertDays(tx: Tx, rows: readonly StakeDayInsert[]): Promise<number> {
  if (rows.length === 0) return 0;
  const r = await sql<{ n: string }>`
    with added as (
      insert into product_stake_day (stake_id, date, nav, pnl, transfer_id, created_at)
      select stake_id, date, nav, pnl, transfer_id, created_at
      from ${rowSet(
        'v',
        {
          stake_id: 'int8',
          date: 'text',
          nav: 'int8',
          pnl: 'int8',
          transfer_id: 'int8',
          created_at: 'timestamptz',
        },
        rows,
      )}
      on conflict (stake_id, date) do nothing
      returning 1)
    select count(*)::text as n from added`.execute(tx);
  return Number(r.rows[0].n);
}

/** Stakes after their days are booked, in one statement: the money left, the P&L, the last NAV and day. */
export async function bookedStakes(
  tx: Tx,
  rows: readonly { id: bigint; stake: bigint; profit: bigint; last_nav: bigint; last_date: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    update product_stake s set stake = v.stake, profit = v.profit, last_nav = v.last_nav,
      last_date = v.last_date
    from ${rowSet(
      'v',
      { id: 'int8', stake: 'int8', profit: 'int8', last_nav: 'int8', last_date: 'text' },
      rows,
    )}
    where s.id = v.id`.execute(tx);
}

export async function pageStakes(
  db: Db,
  f: { product_id?: bigint; status?: number; account?: string; page: number; size: number },
) {
  let q = db
    .selectFrom('product_stake')
    .innerJoin('app_user', 'app_user.id', 'product_stake.user_id')
    .innerJoin('product', 'product.id', 'product_stake.product_id');
  if (f.product_id !== undefined) q = q.where('product_stake.product_id', '=', f.product_id);
  if (f.status !== undefined) q = q.where('product_stake.status', '=', f.status);
  if (f.account) q = q.where('app_user.account', '=', f.account);
  const [rows, count] = await Promise.all([
    q
      .selectAll('product_stake')
      .select(['app_user.account', 'product.name_jp', 'product.name_cn', 'product.name_us'])
      .orderBy('product_stake.id', 'desc')
      .limit(f.size)
      .offset((f.page - 1) * f.size)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
