import { rowSet, type Tx } from '@kabuto/db';
import { sql } from 'kysely';

/**
 * The keys of money calls as services see them. The HTTP side (`plugins/idempotency.ts`) claims a key
 * before the handler runs and stores the reply after it; in between, the service ends the claim inside
 * its own transaction with {@link markApplied} (or {@link appliedKeys}), so the commit of the operation
 * and the end of its key's claim are one fact.
 */

/** A request's claimed key (`request.idempotency`), as a route hands it to its service. */
export interface IdempotencyState {
  userId: bigint;
  path: string;
  key: string;
}

/** The key columns of `idempotency_key`, for statements that take many keys as one parameter. */
export const KEY_COLUMNS = { user_id: 'int8', path: 'text', key: 'text' } as const;
export const keyRow = (k: IdempotencyState) => ({ user_id: k.userId, path: k.path, key: k.key });

/**
 * Marks claimed keys `applied`, inside the transaction that carries out their operations. A
 * data-modifying statement, to run alone (`markApplied`) or ride as a CTE on a statement the
 * transaction runs anyway.
 */
export function appliedKeys(keys: readonly IdempotencyState[]) {
  return sql`
    update idempotency_key k set state = 'applied'
    from ${rowSet('applied_key', KEY_COLUMNS, keys.map(keyRow))}
    where k.user_id = applied_key.user_id and k.path = applied_key.path and k.key = applied_key.key
      and k.state = 'pending'`;
}

/** {@link appliedKeys} for one request's key; nothing for a call without a key. */
export async function markApplied(tx: Tx, key: IdempotencyState | undefined): Promise<void> {
  if (key) await appliedKeys([key]).execute(tx);
}
