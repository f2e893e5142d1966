import type { UserChanges } from './user-changes.ts';

/**
 * Sessions this process has read lately, by token hash, so that a call costs no session query. An entry
 * leaves when its user changes (`UserChanges`, in every process), when the cache is full (least recently
 * used first), and at the latest when the session's sliding expiry is next refreshed (the caller reads
 * the database again then).
 *
 * A read that was under way while a change arrived is not kept: it may have read the row before the
 * writer's commit.
 */
export interface CachedSession {
  userId: bigint;
}

export interface SessionCache<S extends CachedSession> {
  get(tokenHash: string): S | undefined;
  /** Start of a database read: pass what it returns to `set` with the read's stamp. */
  stamp(): number;
  set(tokenHash: string, value: S, stamp: number): void;
  delete(tokenHash: string): void;
  readonly size: number;
}

export function sessionCache<S extends CachedSession>(
  changes: UserChanges,
  maxEntries = 50_000,
): SessionCache<S> & { close(): void } {
  // a Map iterates in insertion order: re-inserting on a hit makes the first key the least recently used
  const entries = new Map<string, S>();
  const byUser = new Map<bigint, Set<string>>();
  let generation = 0;

  const remove = (hash: string) => {
    const s = entries.get(hash);
    if (!s) return;
    entries.delete(hash);
    const hashes = byUser.get(s.userId);
    hashes?.delete(hash);
    if (hashes?.size === 0) byUser.delete(s.userId);
  };

  const unsubscribe = changes.onChanged((ids) => {
    generation++;
    if (ids === 'all') {
      entries.clear();
      byUser.clear();
      return;
    }
    for (const id of ids) {
      for (const hash of byUser.get(id) ?? []) entries.delete(hash);
      byUser.delete(id);
    }
  });

  return {
    get(hash) {
      const s = entries.get(hash);
      if (s) {
        entries.delete(hash);
        entries.set(hash, s);
      }
      return s;
    },
    stamp: () => generation,
    set(hash, value, stamp) {
      if (stamp !== generation) return;
      remove(hash);
      entries.set(hash, value);
      let hashes = byUser.get(value.userId);
      if (!hashes) {
        hashes = new Set();
        byUser.set(value.userId, hashes);
      }
      hashes.add(hash);
      while (entries.size > maxEntries) remove(entries.keys().next().value as string);
    },
    delete: remove,
    get size() {
      return entries.size;
    },
    close: unsubscribe,
  };
}
