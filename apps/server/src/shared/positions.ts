import type { Db, Tx } from '@kabuto/db';

/**
 * Whether a user holds open stock positions (spec §5: no withdrawal while stocks are held): a position
 * with status 0 (holding) or 2 (preparing to close). Pending limit orders hold no stock.
 */
export async function hasOpenPositions(db: Db | Tx, userId: bigint): Promise<boolean> {
  const row = await db
    .selectFrom('position')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', 'in', [0, 2])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
