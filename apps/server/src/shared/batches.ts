/**
 * What went wrong in a run of batches: the first error of an item that failed even alone (absent while
 * none did). The run goes on with the rest and throws it at the end.
 */
export type FirstFailure = { err?: unknown };

/**
 * `work` on a whole batch in one go; when that throws (the batch rolled back whole), on each item alone,
 * so one bad item holds up no other. Sums what the calls return; the first error of an item that fails
 * alone is kept in `failed`.
 */
export async function batchThenEach<T>(
  items: readonly T[],
  work: (items: readonly T[]) => Promise<number>,
  failed: FirstFailure,
): Promise<number> {
  if (items.length === 0) return 0;
  try {
    return await work(items);
  } catch {
    let n = 0;
    for (const item of items) {
      try {
        n += await work([item]);
      } catch (err) {
        if (!('err' in failed)) failed.err = err;
      }
    }
    return n;
  }
}
