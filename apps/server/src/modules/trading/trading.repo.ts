import type { Db, PositionSource, PositionTable, Tx } from '@kabuto/db';
import { rowSet } from '@kabuto/db';
import {
  type Market,
  OPEN_POSITION_STATUSES,
  POSITION_STATUS,
  type PositionStatus,
  type Units,
} from '@kabuto/domain';
import { type RawBuilder, type Selectable, sql } from 'kysely';

/** Every statement on `position`: the services say what moves, the status machine (domain) says whether. */

export type PositionRow = Selectable<PositionTable>;

export async function lockPosition(
  tx: Tx,
  userId: bigint | null,
  id: bigint,
): Promise<PositionRow | undefined> {
  let q = tx.selectFrom('position').selectAll().where('id', '=', id);
  if (userId !== null) q = q.where('user_id', '=', userId);
  return q.forUpdate().executeTakeFirst();
}

export async function getPosition(db: Db, userId: bigint, id: bigint): Promise<PositionRow | undefined> {
  return db
    .selectFrom('position')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function listPositions(
  db: Db,
  userId: bigint,
  market: Market,
  statuses: readonly PositionStatus[],
  limit = 500,
): Promise<PositionRow[]> {
  return db
    .selectFrom('position')
    .selectAll()
    .where('user_id', '=', userId)
    .where('market', '=', market)
    .where('status', 'in', statuses)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The positions of several users in one market and some statuses, newest first per user: what
 * `listPositions` reads for each of them, in one query (at most `limit` per user).
 */
export async function listPositionsOfUsers(
  db: Db,
  userIds: readonly bigint[],
  market: Market,
  statuses: readonly PositionStatus[],
  limit = 500,
): Promise<Map<bigint, PositionRow[]>> {
  const rows = await db
    .selectFrom('position')
    .selectAll()
    .where('user_id', 'in', userIds)
    .where('market', '=', market)
    .where('status', 'in', statuses)
    .orderBy('id', 'desc')
    .execute();
  const by = new Map<bigint, PositionRow[]>(userIds.map((id) => [id, []]));
  for (const r of rows) {
    const list = by.get(r.user_id);
    if (list && list.length < limit) list.push(r);
  }
  return by;
}

/** Positions the jobs look at (any user). */
export async function positionsWithStatus(
  db: Db,
  statuses: readonly PositionStatus[],
  limit = 5000,
  after = 0n,
): Promise<PositionRow[]> {
  return db
    .selectFrom('position')
    .selectAll()
    .where('status', 'in', statuses)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Every position with one of `statuses`, `batch` rows at a time in id order (keyset: each batch starts
 * after the last id of the one before), so that a job walks all of them with at most one batch in
 * memory, however many there are.
 */
export async function* positionsInBatches(
  db: Db,
  statuses: readonly PositionStatus[],
  batch = 1000,
): AsyncGenerator<PositionRow> {
  for (let after = 0n; ; ) {
    const rows = await positionsWithStatus(db, statuses, batch, after);
    yield* rows;
    if (rows.length < batch) return;
    after = rows[rows.length - 1].id;
  }
}

/** The columns a new position is written with, and their SQL types. */
const POSITION_TYPES = {
  user_id: 'int8',
  order_no: 'text',
  market: 'text',
  symbol: 'text',
  direction: 'int4',
  order_type: 'int4',
  leverage: 'int4',
  quantity: 'int8',
  limit_price: 'int8',
  open_price: 'int8',
  margin: 'int8',
  buy_fee: 'int8',
  stamp_duty: 'int8',
  status: 'int4',
  hold_margin_transfer: 'int8',
  hold_fee_transfer: 'int8',
  source: 'text',
  day_trade: 'boolean',
  timing: 'text',
  valid_until: 'text',
  waits_for: 'timestamptz',
  locked: 'boolean',
  nisa: 'boolean',
  nisa_amount: 'int8',
  created_at: 'timestamptz',
  filled_at: 'timestamptz',
  updated_at: 'timestamptz',
} as const;
const POSITION_COLUMNS = Object.keys(POSITION_TYPES) as (keyof typeof POSITION_TYPES)[];

type Defaulted =
  | 'source'
  | 'day_trade'
  | 'timing'
  | 'valid_until'
  | 'waits_for'
  | 'locked'
  | 'nisa'
  | 'nisa_amount';

export type NewPosition = {
  [K in Exclude<keyof typeof POSITION_TYPES, Defaulted>]: unknown;
} & Partial<Record<'timing' | 'valid_until' | 'waits_for' | 'locked' | 'nisa' | 'nisa_amount', unknown>> & {
    status: PositionStatus;
    order_no: string;
    /** Where it came from (default: an order). */
    source?: PositionSource;
    /** A day-trading position (default: false). */
    day_trade?: boolean;
  };

/**
 * Insert a batch of positions in one statement (one JSON parameter), returning their ids by order
 * number. `ctes` ride on it as `with` clauses: statements the caller's transaction runs anyway (the fund
 * records, the idempotency keys), so the batch costs one round trip.
 */
export async function insertPositions(
  tx: Tx,
  rows: readonly NewPosition[],
  ctes: readonly RawBuilder<unknown>[] = [],
): Promise<{ id: bigint; order_no: string }[]> {
  const withCtes = ctes.length > 0 ? sql`with ${sql.join(ctes)} ` : sql``;
  const { rows: out } = await sql<{ id: bigint; order_no: string }>`${withCtes}
    insert into position (${sql.raw(POSITION_COLUMNS.join(', '))})
    select ${sql.raw(POSITION_COLUMNS.join(', '))} from ${rowSet(
      'v',
      POSITION_TYPES,
      rows.map((r) => ({
        ...r,
        source: r.source ?? 'order',
        day_trade: r.day_trade ?? false,
        timing: r.timing ?? 'any',
        valid_until: r.valid_until ?? null,
        waits_for: r.waits_for ?? null,
        locked: r.locked ?? false,
        nisa: r.nisa ?? false,
        nisa_amount: r.nisa_amount ?? null,
      })),
    )}
    returning id, order_no`.execute(tx);
  return out;
}

/** A pending order filled at `price`: its quantity, margin and fees are the fill's. */
export async function markFilled(
  tx: Tx,
  id: bigint,
  price: Units,
  at: Date,
  fill?: { quantity: bigint; margin: Units; fee: Units; stampDuty: Units },
): Promise<void> {
  await tx
    .updateTable('position')
    .set({
      status: POSITION_STATUS.holding,
      open_price: price,
      filled_at: at,
      updated_at: at,
      waits_for: null,
      locked: false,
      ...(fill
        ? { quantity: fill.quantity, margin: fill.margin, buy_fee: fill.fee, stamp_duty: fill.stampDuty }
        : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** A pending order amended (訂正): its quantity, limit, the margin and fees held again, and the new holds. */
export async function amendPending(
  tx: Tx,
  id: bigint,
  a: {
    quantity: bigint;
    limitPrice: Units | null;
    margin: Units;
    fee: Units;
    stampDuty: Units;
    holdMargin: bigint;
    holdFee: bigint | null;
    at: Date;
  },
): Promise<PositionRow> {
  return tx
    .updateTable('position')
    .set({
      quantity: a.quantity,
      limit_price: a.limitPrice,
      margin: a.margin,
      buy_fee: a.fee,
      stamp_duty: a.stampDuty,
      hold_margin_transfer: a.holdMargin,
      hold_fee_transfer: a.holdFee,
      updated_at: a.at,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A pending order moved on to its next call (null: it rests in continuous trading until it lapses). */
export async function setWaitsFor(tx: Tx, id: bigint, waitsFor: Date | null, at: Date): Promise<void> {
  await tx
    .updateTable('position')
    .set({ waits_for: waitsFor, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** A pending limit order withdrawn (by the user, or lapsed with its trading day). */
export async function markCancelled(tx: Tx, id: bigint, reason: 'user' | 'expired', at: Date): Promise<void> {
  await tx
    .updateTable('position')
    .set({ status: POSITION_STATUS.cancelled, close_reason: reason, closed_at: at, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** A holding marked "preparing to close"; false when it was no longer holding. */
export async function markClosing(tx: Tx, id: bigint, at: Date): Promise<boolean> {
  const r = await tx
    .updateTable('position')
    .set({ status: POSITION_STATUS.closing, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', POSITION_STATUS.holding)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export interface Closing {
  closePrice: Units;
  sellFee: Units;
  /** Stamp duty of the open and the close together. */
  stampDuty: Units;
  pnl: Units;
  reason: 'user' | 'forced';
  at: Date;
}

/** A holding closed: its close price, fees and net P&L. */
export async function markClosed(tx: Tx, id: bigint, c: Closing): Promise<void> {
  await tx
    .updateTable('position')
    .set({
      status: POSITION_STATUS.closed,
      close_price: c.closePrice,
      sell_fee: c.sellFee,
      stamp_duty: c.stampDuty,
      pnl: c.pnl,
      close_reason: c.reason,
      closed_at: c.at,
      updated_at: c.at,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Whether a user holds open stock positions: holding or preparing to close. Pending limit orders hold
 * no stock.
 */
export async function hasOpenPositions(db: Db | Tx, userId: bigint): Promise<boolean> {
  const row = await db
    .selectFrom('position')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', 'in', OPEN_POSITION_STATUSES)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A user's open positions in every market, with what their valuation needs (total assets). */
export async function openPositionsOf(db: Db | Tx, userId: bigint) {
  return db
    .selectFrom('position')
    .select(['market', 'symbol', 'open_price', 'quantity', 'direction', 'margin'])
    .where('user_id', '=', userId)
    .where('status', 'in', OPEN_POSITION_STATUSES)
    .execute();
}

/** The "lent" mark of a position (stock lending sets and clears it with its loan's row). */
export async function markLent(tx: Tx, id: bigint, lent: boolean, at: Date): Promise<void> {
  await tx.updateTable('position').set({ lent, updated_at: at }).where('id', '=', id).execute();
}

/** How many partial closes have been split off a position. */
export async function countSplits(tx: Tx, id: bigint): Promise<number> {
  const r = await tx
    .selectFrom('position')
    .select((e) => e.fn.countAll<string>().as('n'))
    .where('split_from', '=', id)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

interface Share {
  quantity: bigint;
  margin: Units;
  buyFee: Units;
  stampDuty: Units;
}

/**
 * A partial close's split: the holding keeps `rest`; a new holding with `part` (the same order, opened
 * at the same price and time, marked as split from it) is inserted and returned.
 */
export async function splitPosition(
  tx: Tx,
  pos: PositionRow,
  orderNo: string,
  part: Share,
  rest: Share,
  at: Date,
): Promise<PositionRow> {
  await tx
    .updateTable('position')
    .set({
      quantity: rest.quantity,
      margin: rest.margin,
      buy_fee: rest.buyFee,
      stamp_duty: rest.stampDuty,
      updated_at: at,
    })
    .where('id', '=', pos.id)
    .execute();
  const { id: _id, ...copy } = pos;
  return tx
    .insertInto('position')
    .values({
      ...copy,
      order_no: orderNo,
      quantity: part.quantity,
      margin: part.margin,
      buy_fee: part.buyFee,
      stamp_duty: part.stampDuty,
      split_from: pos.id,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
