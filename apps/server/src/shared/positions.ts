import type { Db, Tx } from '@kabuto/db';
import { OPEN_POSITION_STATUSES } from '@kabuto/domain';

/**
 * Whether a user holds open stock positions (spec §5: no withdrawal while stocks are held): a position
 * holding or preparing to close. Pending limit orders hold no stock.
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
