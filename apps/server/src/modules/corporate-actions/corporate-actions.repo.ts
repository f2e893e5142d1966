import type { CorporateActionTable, DividendEntitlementTable } from '@kabuto/db';
import { type Db, rowSet, type Tx } from '@kabuto/db';
import type { Insertable, Selectable } from 'kysely';
import { sql } from 'kysely';

/**
 * The statements of corporate actions. Applying one is a bulk change of one symbol's books — positions,
 * pending orders, exit orders, loans of shares and copy-trade constituents — in batches of positions,
 * so its statements live here, next to the action's own rows.
 */

export type ActionRow = Selectable<CorporateActionTable>;
export type EntitlementRow = Selectable<DividendEntitlementTable>;

/** Record an announced action once; a later announcement fills in its prices (never changes a key). */
export async function upsertActions(
  db: Db,
  rows: readonly Insertable<CorporateActionTable>[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('corporate_action')
    .values(rows as Insertable<CorporateActionTable>[])
    .onConflict((oc) =>
      oc.constraint('corporate_action_key').doUpdateSet((eb) => ({
        prev_close: eb.fn.coalesce('corporate_action.prev_close', eb.ref('excluded.prev_close')),
        base: eb.fn.coalesce('corporate_action.base', eb.ref('excluded.base')),
      })),
    )
    .execute();
}

/** Symbols whose actions have gone ex on or before `today` of their market and are not applied yet. */
export const dueSymbols = (db: Db, market: string, today: string) =>
  db
    .selectFrom('corporate_action')
    .select('symbol')
    .distinct()
    .where('market', '=', market)
    .where('applied_at', 'is', null)
    .where('ex_date', '<=', today)
    .execute();

export async function markApplied(
  tx: Tx,
  id: bigint,
  at: Date,
  prices: { prev_close: bigint | null; base: bigint | null },
) {
  await tx
    .updateTable('corporate_action')
    .set({ applied_at: at, ...prices })
    .where('id', '=', id)
    .execute();
}

/** An action still to apply, locked: the pass's place (`upto`, `cursor`) is read and moved under it. */
export const lockAction = (tx: Tx, id: bigint) =>
  tx
    .selectFrom('corporate_action')
    .selectAll()
    .where('id', '=', id)
    .where('applied_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();

/** Fix the pass's last position: the symbol's newest open position or order when the pass starts. */
export async function startPass(tx: Tx, a: { id: bigint; symbol: string; market: string }): Promise<bigint> {
  const r = await tx
    .selectFrom('position')
    .select((eb) => eb.fn.max('id').as('upto'))
    .where('symbol', '=', a.symbol)
    .where('market', '=', a.market)
    .where('status', 'in', [0, 2, 3])
    .executeTakeFirst();
  const upto = r?.upto === null || r?.upto === undefined ? 0n : BigInt(r.upto);
  await tx.updateTable('corporate_action').set({ upto, cursor: 0n }).where('id', '=', a.id).execute();
  return upto;
}

/** A batch done: the pass moves past `cursor`, and the positions it adjusted are counted. */
export async function advancePass(tx: Tx, id: bigint, cursor: bigint, positions: number): Promise<void> {
  await tx
    .updateTable('corporate_action')
    .set((eb) => ({ cursor, positions: eb('positions', '+', positions) }))
    .where('id', '=', id)
    .execute();
}

/**
 * The next batch of the symbol's positions that take part, after `after` and up to `upto` in id order:
 * holdings (0), those being closed (2) and pending orders (3), with what the actions read of them. Locked.
 */
export const lockPositions = (
  tx: Tx,
  a: { symbol: string; market: string },
  after: bigint,
  upto: bigint,
  limit: number,
) =>
  tx
    .selectFrom('position')
    .select([
      'id',
      'user_id',
      'order_no',
      'symbol',
      'status',
      'direction',
      'leverage',
      'lent',
      'nisa',
      'quantity',
      'open_price',
      'limit_price',
      'margin',
      'filled_at',
    ])
    .where('symbol', '=', a.symbol)
    .where('market', '=', a.market)
    .where('status', 'in', [0, 2, 3])
    .where('id', '>', after)
    .where('id', '<=', upto)
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .execute();

export interface PositionChange {
  id: bigint;
  quantity: bigint;
  open_price: bigint | null;
  limit_price: bigint | null;
  margin: bigint;
}

/** Write the adjusted figures of many positions in one statement. */
export async function updatePositions(tx: Tx, rows: readonly PositionChange[], at: Date): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    update position p set quantity = v.quantity, open_price = v.open_price, limit_price = v.limit_price,
      margin = v.margin, updated_at = ${at}
    from ${rowSet('v', { id: 'int8', quantity: 'int8', open_price: 'int8', limit_price: 'int8', margin: 'int8' }, rows)}
    where p.id = v.id`.execute(tx);
}

/** A position settled wholly in cash by a reverse split (less than one new share left). */
export async function closeForFraction(
  tx: Tx,
  id: bigint,
  price: bigint,
  pnl: bigint,
  at: Date,
): Promise<void> {
  await tx
    .updateTable('position')
    .set({ status: 1, close_price: price, pnl, close_reason: 'forced', closed_at: at, updated_at: at })
    .where('id', '=', id)
    .execute();
}

export const lockExitOrders = (tx: Tx, positionIds: readonly bigint[]) =>
  positionIds.length === 0
    ? Promise.resolve([])
    : tx
        .selectFrom('exit_order')
        .selectAll()
        .where('position_id', 'in', positionIds)
        .where('status', 'in', ['waiting', 'working'])
        .orderBy('id')
        .forUpdate()
        .execute();

export interface ExitChange {
  id: bigint;
  quantity: bigint | null;
  limit_price: bigint | null;
  stop_price: bigint | null;
  trail_amount: bigint | null;
  extreme: bigint | null;
}

export async function updateExitOrders(tx: Tx, rows: readonly ExitChange[], at: Date): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    update exit_order e set quantity = v.quantity, limit_price = v.limit_price, stop_price = v.stop_price,
      trail_amount = v.trail_amount, extreme = v.extreme, updated_at = ${at}
    from ${rowSet(
      'v',
      {
        id: 'int8',
        quantity: 'int8',
        limit_price: 'int8',
        stop_price: 'int8',
        trail_amount: 'int8',
        extreme: 'int8',
      },
      rows,
    )}
    where e.id = v.id`.execute(tx);
}

/** Shares lent of the positions: the loan's quantity follows its position's. */
export async function splitLoans(
  tx: Tx,
  positionIds: readonly bigint[],
  num: bigint,
  den: bigint,
  at: Date,
): Promise<void> {
  if (positionIds.length === 0) return;
  await tx
    .updateTable('stock_loan')
    .set((eb) => ({
      quantity: sql<bigint>`${eb.ref('quantity')} * ${num} / ${den}`,
      updated_at: at,
    }))
    .where('position_id', 'in', positionIds)
    .where('status', '=', 0)
    .execute();
}

/**
 * Copy-trade constituents of the symbol in products that held it before `exDate` (their quantities were
 * fixed at an earlier close: a product made on or after the ex-date was made at the adjusted prices),
 * locked.
 */
export const lockConstituents = (tx: Tx, symbol: string, exDate: string) =>
  tx
    .selectFrom('product_constituent as c')
    .innerJoin('product as p', 'p.id', 'c.product_id')
    .select(['c.product_id', 'c.symbol', 'c.qty'])
    .where('c.symbol', '=', symbol)
    .where('p.inception', '<', exDate)
    .orderBy('c.product_id')
    .forUpdate('c')
    .execute();

export async function setConstituentQty(
  tx: Tx,
  productId: bigint,
  symbol: string,
  qty: bigint,
): Promise<void> {
  await tx
    .updateTable('product_constituent')
    .set({ qty })
    .where('product_id', '=', productId)
    .where('symbol', '=', symbol)
    .execute();
}

export interface EntitlementInsert {
  action_id: bigint;
  user_id: bigint;
  position_id: bigint;
  role: EntitlementRow['role'];
  quantity: bigint;
  gross: bigint;
  foreign_tax: bigint;
  national_tax: bigint;
  local_tax: bigint;
  amount: bigint;
  transfer_id: bigint | null;
}

/** The entitlements of a batch, in one statement (rows as JSON: thousands of rows, one parameter). */
export async function insertEntitlements(tx: Tx, rows: readonly EntitlementInsert[]): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    insert into dividend_entitlement (action_id, user_id, position_id, role, quantity, gross, foreign_tax,
      national_tax, local_tax, amount, transfer_id)
    select action_id, user_id, position_id, role, quantity, gross, foreign_tax, national_tax, local_tax,
      amount, transfer_id
    from ${rowSet(
      'v',
      {
        action_id: 'int8',
        user_id: 'int8',
        position_id: 'int8',
        role: 'text',
        quantity: 'int8',
        gross: 'int8',
        foreign_tax: 'int8',
        national_tax: 'int8',
        local_tax: 'int8',
        amount: 'int8',
        transfer_id: 'int8',
      },
      rows,
    )}`.execute(tx);
}

// ---- payments

/** Dividends applied and due for payment by `today` (of their market), not paid yet. */
export const duePayments = (db: Db, market: string, today: string) =>
  db
    .selectFrom('corporate_action')
    .select(['id', 'symbol'])
    .where('market', '=', market)
    .where('kind', '=', 'dividend')
    .where('applied_at', 'is not', null)
    .where('paid_at', 'is', null)
    .where('payment_date', '<=', today)
    .orderBy('id')
    .execute();

export const lockPayment = (tx: Tx, id: bigint) =>
  tx
    .selectFrom('corporate_action')
    .selectAll()
    .where('id', '=', id)
    .where('paid_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();

/**
 * The next `limit` payouts of an action still to pay (a holder's dividend, a lender's equivalent) after
 * the position `after`, in position order (the order the ex-date pass wrote them in), locked. The pass
 * keeps its place (`after`, the last batch's last position), so each batch reads its own rows from the
 * action's key and no more: without it every batch read every entitlement of the action again (the paid
 * ones too), a cost that grew with the square of the symbol's holders. The lock is taken on the
 * entitlements alone, by that key in order; their positions are read after it.
 */
export async function unpaidEntitlements(tx: Tx, actionId: bigint, after: bigint, limit: number) {
  const r = await sql<{
    id: bigint;
    user_id: bigint;
    position_id: bigint;
    amount: bigint;
    role: EntitlementRow['role'];
    national_tax: bigint;
    local_tax: bigint;
    order_no: string;
    nisa: boolean;
  }>`
    select e.id, e.user_id, e.position_id, e.amount, e.role, e.national_tax, e.local_tax, p.order_no, p.nisa
    from (
      select id, user_id, position_id, amount, role, national_tax, local_tax
      from dividend_entitlement
      where action_id = ${actionId} and position_id > ${after} and paid_at is null and amount > 0
        and role in ('holder', 'lender')
      order by position_id
      limit ${limit}
      for update
    ) e
    join position p on p.id = e.position_id
    order by e.position_id`.execute(tx);
  return r.rows;
}

/**
 * Entitlements paid: the transfer that paid each and the one that withheld its tax (national and local
 * together, so it is both columns' transfer; null when none was withheld).
 */
export async function markEntitlementsPaid(
  tx: Tx,
  rows: readonly { id: bigint; transfer: bigint; tax: bigint | null }[],
  at: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    update dividend_entitlement e set paid_transfer_id = v.transfer, national_transfer = v.tax,
      local_transfer = v.tax, paid_at = ${at}
    from ${rowSet('v', { id: 'int8', transfer: 'int8', tax: 'int8' }, rows)}
    where e.id = v.id`.execute(tx);
}

export async function markPaid(tx: Tx, id: bigint, at: Date): Promise<void> {
  await tx.updateTable('corporate_action').set({ paid_at: at }).where('id', '=', id).execute();
}

/** Symbols the books hold now (positions open or pending, copy-trade constituents), by market. */
export async function heldSymbols(db: Db): Promise<{ market: string; symbol: string }[]> {
  const r = await sql<{ market: string; symbol: string }>`
    select distinct market, symbol from position where status in (0, 2, 3)
    union
    select distinct p.market, c.symbol from product_constituent c join product p on p.id = c.product_id
    where p.status <> 2`.execute(db);
  return r.rows;
}
