import { describe, expect, it } from 'vitest';
import { batchThenEach, noFailures } from '../src/shared/batches.ts';

describe('batchThenEach', () => {
  it('does a batch in one call when it succeeds', async () => {
    const calls: number[][] = [];
    const failed = noFailures();
    const n = await batchThenEach(
      [1, 2, 3],
      async (xs) => {
        calls.push([...xs]);
        return xs.length;
      },
      failed,
    );
    expect(n).toBe(3);
    expect(calls).toEqual([[1, 2, 3]]);
    expect(failed).toEqual({ count: 0 });
  });

  it('when the batch fails, does each item alone: one bad item holds up no other; each failure counted and logged, the first kept', async () => {
    const calls: number[][] = [];
    const logged: string[] = [];
    const failed = noFailures((err) => logged.push((err as Error).message));
    const work = async (xs: readonly number[]) => {
      calls.push([...xs]);
      const bad = xs.find((x) => x % 2 === 0);
      if (bad !== undefined) throw new Error(`bad ${bad}`);
      return xs.length;
    };
    expect(await batchThenEach([1, 2, 3, 4, 5], work, failed)).toBe(3);
    expect(calls).toEqual([[1, 2, 3, 4, 5], [1], [2], [3], [4], [5]]);
    expect(failed.count).toBe(2);
    expect((failed.first as Error).message).toBe('bad 2');
    expect(logged).toEqual(['bad 2', 'bad 4']);
    // a later run of the same failures adds to the count and keeps the first error; an empty batch calls nothing
    expect(await batchThenEach([6], work, failed)).toBe(0);
    expect(failed.count).toBe(3);
    expect((failed.first as Error).message).toBe('bad 2');
    expect(await batchThenEach([], work, failed)).toBe(0);
    expect(calls.length).toBe(8);
  });

  it('an error that is not an Error (even undefined) still counts as a failure', async () => {
    const failed = noFailures();
    expect(await batchThenEach(['a'], () => Promise.reject(undefined), failed)).toBe(0);
    expect(failed.count).toBe(1);
    expect('first' in failed).toBe(true);
  });
});
