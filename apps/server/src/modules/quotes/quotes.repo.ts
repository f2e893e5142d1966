import type { Db } from '@kabuto/db';
import type { Market } from '@kabuto/domain';

export async function watchlist(db: Db, userId: bigint, market: Market): Promise<string[]> {
  const rows = await db
    .selectFrom('watchlist')
    .select('symbol')
    .where('user_id', '=', userId)
    .where('market', '=', market)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => r.symbol);
}

export async function addWatch(db: Db, userId: bigint, market: Market, symbol: string): Promise<void> {
  await db
    .insertInto('watchlist')
    .values({ user_id: userId, market, symbol })
    .onConflict((oc) => oc.columns(['user_id', 'market', 'symbol']).doNothing())
    .execute();
}

export async function removeWatch(
  db: Db,
  userId: bigint,
  market: Market,
  symbols: string[],
): Promise<number> {
  if (symbols.length === 0) return 0;
  const r = await db
    .deleteFrom('watchlist')
    .where('user_id', '=', userId)
    .where('market', '=', market)
    .where('symbol', 'in', symbols)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** How many users watch each symbol of a market (the "popular" ranking). */
export async function watchCounts(db: Db, market: Market): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('watchlist')
    .select(['symbol', (eb) => eb.fn.countAll<string>().as('n')])
    .where('market', '=', market)
    .groupBy('symbol')
    .execute();
  return new Map(rows.map((r) => [r.symbol, Number(r.n)]));
}
