import type { Db, PositionTable, Tx } from '@kabuto/db';
import type { Market } from '@kabuto/domain';
import type { Selectable } from 'kysely';

export type PositionRow = Selectable<PositionTable>;

export const STATUS = { holding: 0, closed: 1, closing: 2, pending: 3, cancelled: 4 } as const;

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
  statuses: number[],
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

/** Positions the jobs look at (any user). */
export async function positionsWithStatus(db: Db, statuses: number[], limit = 5000): Promise<PositionRow[]> {
  return db
    .selectFrom('position')
    .selectAll()
    .where('status', 'in', statuses)
    .orderBy('id')
    .limit(limit)
    .execute();
}
