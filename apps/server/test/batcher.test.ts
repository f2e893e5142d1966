import { describe, expect, it } from 'vitest';
import { batcher, type Outcome } from '../src/lib/batcher.ts';

const ok = <O>(value: O): Outcome<O> => ({ ok: true, value });
const tick = () => new Promise((r) => setImmediate(r));

describe('batcher (group commit)', () => {
  it('serves a lone call alone, and calls that arrive while a batch runs together', async () => {
    const seen: number[][] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const double = batcher<number, number>(
      async (items) => {
        seen.push(items);
        if (seen.length === 1) await gate;
        return items.map((i) => ok(i * 2));
      },
      { maxBatch: 3 },
    );
    const first = double(1);
    await tick();
    // The first batch is running: these queue, and leave in batches of at most 3.
    const rest = [2, 3, 4, 5, 6].map((i) => double(i));
    await tick();
    expect(seen).toEqual([[1]]);
    release();
    expect(await first).toBe(2);
    expect(await Promise.all(rest)).toEqual([4, 6, 8, 10, 12]);
    expect(seen).toEqual([[1], [2, 3, 4], [5, 6]]);
    expect(double.stats()).toEqual({ batches: 3, items: 6 });
  });

  it('gives each item its own failure', async () => {
    const check = batcher<number, number>(
      async (items) => items.map((i) => (i < 0 ? { ok: false, error: new Error(`bad ${i}`) } : ok(i))),
      { maxBatch: 10 },
    );
    const r = await Promise.allSettled([check(1), check(-1), check(2)]);
    expect(r.map((x) => x.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((r[1] as PromiseRejectedResult).reason.message).toBe('bad -1');
  });

  it('re-runs the items of a failed batch one by one, so one bad item fails alone', async () => {
    const sizes: number[] = [];
    const run = batcher<number, number>(
      async (items) => {
        sizes.push(items.length);
        if (items.includes(13)) throw new Error('unlucky');
        return items.map(ok);
      },
      { maxBatch: 10 },
    );
    const r = await Promise.allSettled([run(1), run(13), run(2)]);
    expect(r.map((x) => x.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(sizes).toEqual([3, 1, 1, 1]);
  });

  it('without isolation a failed batch fails all its items', async () => {
    const run = batcher<number, number>(
      async () => {
        throw new Error('down');
      },
      { maxBatch: 10, isolate: false },
    );
    const r = await Promise.allSettled([run(1), run(2)]);
    expect(r.every((x) => x.status === 'rejected')).toBe(true);
  });

  it('runs at most maxInFlight batches at once', async () => {
    let running = 0;
    let most = 0;
    const run = batcher<number, number>(
      async (items) => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        return items.map(ok);
      },
      { maxBatch: 1, maxInFlight: 2 },
    );
    expect(await Promise.all([1, 2, 3, 4, 5].map((i) => run(i)))).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });

  it('rejects an item the batch forgot to answer', async () => {
    const run = batcher<number, number>(async () => [], { maxBatch: 5, isolate: false });
    await expect(run(1)).rejects.toThrow(/fewer items/);
  });
});
