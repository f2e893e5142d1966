/** Account ids remembered at most (the cache starts over beyond it). */
const ACCOUNT_ID_CACHE = 200_000;

/**
 * Ledger account ids by owner, currency, kind (and shard), keyed by `accountSpecKey`: an account keeps
 * its id for ever (accounts are never deleted), so an order needs no query to find them once they are
 * known. Learned only from committed transactions; balances are always read under the lock, never here.
 */
export function accountIdCache() {
  const ids = new Map<string, bigint>();
  return {
    get: (key: string): bigint | undefined => ids.get(key),
    has: (key: string): boolean => ids.has(key),
    /** Ids a transaction found or created, once it has committed. */
    learn(learned: ReadonlyMap<string, bigint>): void {
      if (ids.size > ACCOUNT_ID_CACHE) ids.clear();
      for (const [k, id] of learned) ids.set(k, id);
    },
  };
}

export type AccountIdCache = ReturnType<typeof accountIdCache>;
