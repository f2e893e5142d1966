import {
  type DayTradeApplicationTable,
  type Db,
  type PositionTable,
  rowSet,
  sqlArray,
  type Tx,
} from '@kabuto/db';
import { DAY_TRADE_CODE, DAY_TRADE_LIVE, DAY_TRADE_OPEN, OPEN_POSITION_STATUSES } from '@kabuto/domain';
import { type Insertable, type Selectable, sql } from 'kysely';
import { type QueuePage, queuePage } from '../../shared/review-queue.ts';

/** Every statement on `day_trade_application` and `day_trade_position` (and the reads of their positions). */

type Q = Db | Tx;
export type ApplicationRow = Selectable<DayTradeApplicationTable>;
export type DayPositionRow = Selectable<PositionTable>;

const OPEN_CODES = DAY_TRADE_OPEN.map((s) => DAY_TRADE_CODE[s]);
const LIVE_CODES = DAY_TRADE_LIVE.map((s) => DAY_TRADE_CODE[s]);

export const insertApplication = (tx: Tx, v: Insertable<DayTradeApplicationTable>) =>
  tx.insertInto('day_trade_application').values(v).returningAll().executeTakeFirstOrThrow();

export const hasOpenApplication = async (q: Q, userId: bigint) =>
  (await q
    .selectFrom('day_trade_application')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', 'in', OPEN_CODES)
    .executeTakeFirst()) !== undefined;

export const getApplication = (q: Q, id: bigint) =>
  q.selectFrom('day_trade_application').selectAll().where('id', '=', id).executeTakeFirst();

export const lockApplication = (tx: Tx, id: bigint) =>
  tx.selectFrom('day_trade_application').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** Lock applications (in id order, so two rounds on the same lines queue instead of deadlocking). */
export const lockApplications = (tx: Tx, ids: readonly bigint[]) =>
  ids.length === 0
    ? Promise.resolve([] as ApplicationRow[])
    : tx
        .selectFrom('day_trade_application')
        .selectAll()
        .where(sql<boolean>`id = any(${sqlArray(ids, 'int8')})`)
        .orderBy('id')
        .forUpdate()
        .execute();

/** Lines settled, in one statement: each one's new status, payout, P&L and when. */
export async function settled(
  tx: Tx,
  rows: readonly { id: bigint; status: number; payout: bigint; pnl: bigint }[],
  at: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    update day_trade_application a set status = v.status, payout = v.payout, pnl = v.pnl,
      settled_at = ${at}
    from ${rowSet('v', { id: 'int8', status: 'int4', payout: 'int8', pnl: 'int8' }, rows)}
    where a.id = v.id`.execute(tx);
}

/** The user's approved or trading line of a market for a trading day, locked (the line rule needs it). */
export const lockLiveLine = (tx: Tx, userId: bigint, market: string, date: string) =>
  tx
    .selectFrom('day_trade_application')
    .selectAll()
    .where('user_id', '=', userId)
    .where('market', '=', market)
    .where('trade_date', '=', date)
    .where('status', 'in', LIVE_CODES)
    .forUpdate()
    .executeTakeFirst();

export const setStatus = (
  tx: Tx,
  id: bigint,
  v: Partial<
    Pick<ApplicationRow, 'status' | 'reason' | 'decided_at' | 'decided_by' | 'payout' | 'pnl' | 'settled_at'>
  >,
) => tx.updateTable('day_trade_application').set(v).where('id', '=', id).execute();

export const userApplications = (q: Q, userId: bigint, market: string, limit = 200) =>
  q
    .selectFrom('day_trade_application')
    .selectAll()
    .where('user_id', '=', userId)
    .where('market', '=', market)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

/** Open applications (in review, approved, trading): the jobs' work. */
/** Open applications after `afterId`, in id order, `limit` of them (the daily round reads them in batches). */
export const openApplications = (q: Q, afterId: bigint, limit: number) =>
  q
    .selectFrom('day_trade_application')
    .selectAll()
    .where('status', 'in', OPEN_CODES)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();

export const linkPosition = (tx: Tx, applicationId: bigint, positionId: bigint) =>
  tx
    .insertInto('day_trade_position')
    .values({ application_id: applicationId, position_id: positionId })
    .execute();

/** The positions opened against these lines, every status. */
export const positionsOf = async (q: Q, applicationIds: readonly bigint[]) =>
  applicationIds.length === 0
    ? []
    : q
        .selectFrom('day_trade_position as d')
        .innerJoin('position as p', 'p.id', 'd.position_id')
        .selectAll('p')
        .select('d.application_id')
        .where('d.application_id', 'in', applicationIds)
        .orderBy('p.id')
        .execute();

/** The margins of a line's open positions (read in the line's transaction). */
export const openMargins = async (q: Q, applicationId: bigint): Promise<bigint[]> =>
  (
    await q
      .selectFrom('day_trade_position as d')
      .innerJoin('position as p', 'p.id', 'd.position_id')
      .select('p.margin')
      .where('d.application_id', '=', applicationId)
      .where('p.status', 'in', OPEN_POSITION_STATUSES)
      .execute()
  ).map((r) => r.margin);

export const countPending = async (q: Q) =>
  Number(
    (
      await q
        .selectFrom('day_trade_application')
        .select(sql<string>`count(*)`.as('n'))
        .where('status', '=', DAY_TRADE_CODE.review)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The back office's queue: pending = in review; approved = approved, trading, complete; rejected = rejected, failed. */
export function queue(q: Q, f: QueuePage) {
  let base = q.selectFrom('day_trade_application as a');
  if (f.status === 'pending') base = base.where('a.status', '=', DAY_TRADE_CODE.review);
  if (f.status === 'approved')
    base = base.where('a.status', 'in', [
      DAY_TRADE_CODE.approved,
      DAY_TRADE_CODE.trading,
      DAY_TRADE_CODE.complete,
    ]);
  if (f.status === 'rejected')
    base = base.where('a.status', 'in', [DAY_TRADE_CODE.rejected, DAY_TRADE_CODE.failed]);
  const rows = base
    .innerJoin('app_user as u', 'u.id', 'a.user_id')
    .leftJoin('operator as o', 'o.id', 'a.decided_by')
    .selectAll('a')
    .select(['u.account', 'u.state', 'o.username as decided_by_name']);
  return queuePage(rows, base, 'a.id', f);
}

/** The user's account state (the suitability check at review). */
export const userState = async (q: Q, userId: bigint) =>
  (await q.selectFrom('app_user').select('state').where('id', '=', userId).executeTakeFirst())?.state;
