import type { Db, ExitOrderTable, Tx } from '@kabuto/db';
import type { Insertable, Selectable } from 'kysely';

/** Every statement on `exit_order`. */

export type ExitRow = Selectable<ExitOrderTable>;
export type NewExit = Insertable<ExitOrderTable>;

export async function insertExits(tx: Tx, rows: readonly NewExit[]): Promise<ExitRow[]> {
  if (rows.length === 0) return [];
  return tx.insertInto('exit_order').values(rows).returningAll().execute();
}

export async function linkOco(tx: Tx, a: bigint, b: bigint): Promise<void> {
  await tx.updateTable('exit_order').set({ oco_with: b }).where('id', '=', a).execute();
  await tx.updateTable('exit_order').set({ oco_with: a }).where('id', '=', b).execute();
}

export async function lockExit(tx: Tx, userId: bigint | null, id: bigint): Promise<ExitRow | undefined> {
  let q = tx.selectFrom('exit_order').selectAll().where('id', '=', id);
  if (userId !== null) q = q.where('user_id', '=', userId);
  return q.forUpdate().executeTakeFirst();
}

/** The exits the leader evaluates: working, or triggered (a stop-limit now a limit). */
export async function liveExits(db: Db, limit = 20_000): Promise<ExitRow[]> {
  return db
    .selectFrom('exit_order')
    .selectAll()
    .where('status', 'in', ['working', 'triggered'])
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function listExits(db: Db, userId: bigint, market: string, limit = 200): Promise<ExitRow[]> {
  return db
    .selectFrom('exit_order')
    .selectAll()
    .where('user_id', '=', userId)
    .where('market', '=', market)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function updateExit(tx: Tx, id: bigint, set: Partial<Omit<ExitRow, 'id'>>): Promise<void> {
  await tx.updateTable('exit_order').set(set).where('id', '=', id).execute();
}

/** A position's order filled: its IFD legs start working. */
export async function activateWaiting(tx: Tx, positionId: bigint, at: Date): Promise<void> {
  await tx
    .updateTable('exit_order')
    .set({ status: 'working', updated_at: at })
    .where('position_id', '=', positionId)
    .where('status', '=', 'waiting')
    .execute();
}

/** A position's order withdrawn, or the position closed: its legs still open are cancelled. */
export async function cancelOpenExits(tx: Tx, positionId: bigint, at: Date): Promise<void> {
  await tx
    .updateTable('exit_order')
    .set({ status: 'cancelled', updated_at: at })
    .where('position_id', '=', positionId)
    .where('status', 'in', ['waiting', 'working', 'triggered'])
    .execute();
}

/** A position's exits still open (waiting, working or triggered). */
export async function exitsOfPosition(tx: Tx, positionId: bigint): Promise<ExitRow[]> {
  return tx
    .selectFrom('exit_order')
    .selectAll()
    .where('position_id', '=', positionId)
    .where('status', 'in', ['waiting', 'working', 'triggered'])
    .execute();
}
