import { describe, expect, it } from 'vitest';
import { batchThenEach, type FirstFailure } from '../src/shared/batches.ts';

describe('batchThenEach', () => {
  it('does a batch in one call when it succeeds', async () => {
    const calls: number[][] = [];
    const failed: FirstFailure = {};
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
    expect('err' in failed).toBe(false);
  });

  it('when the batch fails, does each item alone: one bad item holds up no other, its first error kept', async () => {
    const calls: number[][] = [];
    const failed: FirstFailure = {};
    const work = async (xs: readonly number[]) => {
      calls.push([...xs]);
      const bad = xs.find((x) => x % 2 === 0);
      if (bad !== undefined) throw new Error(`bad ${bad}`);
      return xs.length;
    };
    expect(await batchThenEach([1, 2, 3, 4, 5], work, failed)).toBe(3);
    expect(calls).toEqual([[1, 2, 3, 4, 5], [1], [2], [3], [4], [5]]);
    expect((failed.err as Error).message).toBe('bad 2');
    // a later failure (the batch of one, then the item alone) keeps the first error; an empty batch calls nothing
    expect(await batchThenEach([6], work, failed)).toBe(0);
    expect((failed.err as Error).message).toBe('bad 2');
    expect(await batchThenEach([], work, failed)).toBe(0);
    expect(calls.length).toBe(8);
  });
});
