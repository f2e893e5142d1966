import { type Db, type MarginFinancingTable, sqlArray, type Tx } from '@kabuto/db';
import type { FinancingKind, LocalDate } from '@kabuto/domain';
import { sql } from 'kysely';

type Q = Db | Tx;

/** The columns of a position the costs read (a row locked by the caller, or listed by the job). */
export interface FinancedRow {
  id: bigint;
  user_id: bigint;
  order_no: string;
  market: string;
  symbol: string;
  direction: number;
  leverage: number;
  quantity: bigint;
  open_price: bigint | null;
  margin: bigint;
  day_trade: boolean;
  filled_at: Date | null;
  created_at: Date;
}

/** Open margin positions (above 1× or short, filled, not day trades) of a market, by id after a cursor. */
export const openIds = (q: Q, market: string, after: bigint, limit: number) =>
  q
    .selectFrom('position')
    .select('id')
    .where('market', '=', market)
    .where('status', 'in', [0, 2])
    .where('day_trade', '=', false)
    .where('open_price', 'is not', null)
    .where((eb) => eb.or([eb('leverage', '>', 1), eb('direction', '=', 2)]))
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();

/** Open margin positions opened on or before a time (the term's candidates), of every market. */
export const openSince = (q: Q, openedBy: Date) =>
  q
    .selectFrom('position')
    .select(['id', 'market', 'filled_at'])
    .where('status', 'in', [0, 2])
    .where('day_trade', '=', false)
    .where('open_price', 'is not', null)
    .where((eb) => eb.or([eb('leverage', '>', 1), eb('direction', '=', 2)]))
    .where('filled_at', '<=', openedBy)
    .orderBy('id')
    .execute();

/** Lock positions (in id order) and return the open ones. */
export async function lockOpen(tx: Tx, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  const rows = await tx
    .selectFrom('position')
    .selectAll()
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.filter((p) => p.status === 0 || p.status === 2);
}

/** The last calendar day accrued of each position that has one. */
export async function accruedThrough(
  tx: Tx,
  positionIds: readonly bigint[],
): Promise<Map<bigint, LocalDate>> {
  const out = new Map<bigint, LocalDate>();
  if (positionIds.length === 0) return out;
  const rows = await tx
    .selectFrom('margin_financing')
    .select(['position_id', (eb) => eb.fn.max('day').as('day')])
    .where('position_id', 'in', positionIds)
    .groupBy('position_id')
    .execute();
  for (const r of rows) out.set(r.position_id, r.day as LocalDate);
  return out;
}

export type FinancingDayRow = Pick<MarginFinancingTable, 'position_id' | 'day' | 'kind' | 'base' | 'rate'>;

/** Rows an insert statement carries (5 parameters each, well under PostgreSQL's 65,535). */
const INSERT_CHUNK = 2000;

/** Insert accrued days; a day already accrued is left as it is (the key: position, day, kind). */
export async function insertDays(tx: Tx, rows: readonly FinancingDayRow[], at: Date): Promise<number> {
  let n = 0;
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const r = await tx
      .insertInto('margin_financing')
      .values(rows.slice(i, i + INSERT_CHUNK).map((x) => ({ ...x, created_at: at })))
      .onConflict((oc) => oc.columns(['position_id', 'day', 'kind']).doNothing())
      .executeTakeFirst();
    n += Number(r.numInsertedOrUpdatedRows ?? 0n);
  }
  return n;
}

/**
 * The exact sums of some positions' days per kind, as numerators of the domain's day charge before the
 * premium's scaling (Σ base × rate): unposted days (`posted: false`) or charged ones.
 */
export async function sums(
  q: Q,
  positionIds: readonly bigint[],
  posted: boolean,
): Promise<{ position_id: bigint; kind: FinancingKind; sum: bigint }[]> {
  if (positionIds.length === 0) return [];
  const rows = await q
    .selectFrom('margin_financing')
    .select(['position_id', 'kind', sql<string>`sum(base::numeric * rate)::text`.as('sum')])
    .where('position_id', 'in', positionIds)
    .where('posted_at', posted ? 'is not' : 'is', null)
    .groupBy(['position_id', 'kind'])
    .execute();
  return rows.map((r) => ({ position_id: r.position_id, kind: r.kind, sum: BigInt(r.sum) }));
}

/**
 * The unposted sums (as {@link sums}) of every open position, or of some users' or some positions' (the
 * margin books, the position rows: one row per position and kind, kept by {@link refreshDue}).
 */
export async function openSums(
  q: Q,
  userIds?: readonly bigint[],
  positionIds?: readonly bigint[],
): Promise<{ position_id: bigint; kind: FinancingKind; sum: bigint }[]> {
  let query = q
    .selectFrom('margin_financing_due as d')
    .innerJoin('position as p', 'p.id', 'd.position_id')
    .select(['d.position_id', 'd.kind', sql<string>`d.numerator::text`.as('numerator')])
    .where('p.status', 'in', [0, 2]);
  if (userIds) query = query.where(sql<boolean>`p.user_id = any(${sqlArray(userIds, 'int8')})`);
  if (positionIds) query = query.where(sql<boolean>`d.position_id = any(${sqlArray(positionIds, 'int8')})`);
  const rows = await query.execute();
  return rows.map((r) => ({ position_id: r.position_id, kind: r.kind, sum: BigInt(r.numerator) }));
}

/** Rewrite the unposted sums of positions from their days (after an accrual, a split or the close). */
export async function refreshDue(tx: Tx, positionIds: readonly bigint[]): Promise<void> {
  await tx.deleteFrom('margin_financing_due').where('position_id', 'in', positionIds).execute();
  await sql`
    insert into margin_financing_due (position_id, kind, numerator)
    select position_id, kind, sum(base::numeric * rate) from margin_financing
    where position_id in (${sql.join(positionIds)}) and posted_at is null
    group by position_id, kind`.execute(tx);
}

/** Drop a position's unposted days from a day on (days it turned out not to hold at their end). */
export const dropFrom = (tx: Tx, positionId: bigint, day: LocalDate) =>
  tx
    .deleteFrom('margin_financing')
    .where('position_id', '=', positionId)
    .where('day', '>=', day)
    .where('posted_at', 'is', null)
    .execute();

/** Mark a position's unposted days of a kind charged. */
export const markPosted = (
  tx: Tx,
  positionId: bigint,
  kind: FinancingKind,
  transferId: bigint | null,
  at: Date,
) =>
  tx
    .updateTable('margin_financing')
    .set({ posted_at: at, posted_transfer: transferId })
    .where('position_id', '=', positionId)
    .where('kind', '=', kind)
    .where('posted_at', 'is', null)
    .execute();

/**
 * A partial close: the part split off (`partId`, `part` of `total` shares) takes its share of the
 * unposted days (each base apportioned, rounded down; the holding keeps the rest), so the sum is kept.
 */
export async function splitDays(tx: Tx, fromId: bigint, partId: bigint, part: bigint, total: bigint) {
  await sql`
    insert into margin_financing (position_id, day, kind, base, rate, created_at)
    select ${partId}, day, kind, base * ${part} / ${total}, rate, created_at
    from margin_financing where position_id = ${fromId} and posted_at is null`.execute(tx);
  await sql`
    update margin_financing set base = base - base * ${part} / ${total}
    where position_id = ${fromId} and posted_at is null`.execute(tx);
}
