import type { Db, Tx } from '@kabuto/db';
import type { Market } from '@kabuto/domain';

type Q = Db | Tx;

/** The operators' closures, newest date first, with who entered them. */
export const listClosures = (q: Q, market?: Market) => {
  let s = q
    .selectFrom('market_closure as c')
    .leftJoin('operator as o', 'o.id', 'c.created_by')
    .select([
      'c.id',
      'c.market',
      'c.date',
      'c.kind',
      'c.close_at',
      'c.name',
      'c.reason',
      'c.created_at',
      'o.username as created_by_name',
    ]);
  if (market) s = s.where('c.market', '=', market);
  return s.orderBy('c.date', 'desc').orderBy('c.id', 'desc').execute();
};

export const insertClosure = (
  tx: Tx,
  row: {
    market: Market;
    date: string;
    kind: 'closed' | 'half_day';
    close_at: string | null;
    name: string;
    reason: string;
    created_by: bigint;
    created_at: Date;
  },
) => tx.insertInto('market_closure').values(row).returning('id').executeTakeFirstOrThrow();

export const deleteClosure = (tx: Tx, id: bigint) =>
  tx
    .deleteFrom('market_closure')
    .where('id', '=', id)
    .returning(['market', 'date', 'kind', 'close_at', 'name'])
    .executeTakeFirst();
