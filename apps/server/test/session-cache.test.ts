import { describe, expect, it } from 'vitest';
import { sessionCache } from '../src/shared/session-cache.ts';
import { localUserChanges } from '../src/shared/user-changes.ts';

const s = (userId: bigint, tag = '') => ({ userId, tag });

describe('session cache', () => {
  it('forgets every session of a changed user, and only theirs', async () => {
    const bus = localUserChanges();
    const cache = sessionCache<{ userId: bigint; tag: string }>(bus);
    cache.set('a1', s(1n), cache.stamp());
    cache.set('a2', s(1n), cache.stamp());
    cache.set('b1', s(2n), cache.stamp());
    await bus.changed([1n]);
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')).toBeUndefined();
    expect(cache.get('b1')).toEqual(s(2n));
    expect(cache.size).toBe(1);
  });

  it('does not keep a read that was under way while a change arrived', async () => {
    const bus = localUserChanges();
    const cache = sessionCache<{ userId: bigint; tag: string }>(bus);
    const stamp = cache.stamp();
    await bus.changed([7n]); // any user: the read's user is not known before it returns
    cache.set('x', s(1n), stamp);
    expect(cache.get('x')).toBeUndefined();
    cache.set('x', s(1n), cache.stamp());
    expect(cache.get('x')).toEqual(s(1n));
  });

  it("forgets everything on 'all', and the least recently used first when full", () => {
    const listeners: ((ids: readonly bigint[] | 'all') => void)[] = [];
    const bus = {
      ...localUserChanges(),
      onChanged: (l: (ids: readonly bigint[] | 'all') => void) => {
        listeners.push(l);
        return () => {};
      },
    };
    const cache = sessionCache<{ userId: bigint; tag: string }>(bus, 2);
    cache.set('a', s(1n), cache.stamp());
    cache.set('b', s(2n), cache.stamp());
    cache.get('a'); // b is now the least recently used
    cache.set('c', s(3n), cache.stamp());
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toEqual(s(1n));
    expect(cache.get('c')).toEqual(s(3n));
    for (const l of listeners) l('all');
    expect(cache.size).toBe(0);
    expect(cache.get('a')).toBeUndefined();
  });
});
