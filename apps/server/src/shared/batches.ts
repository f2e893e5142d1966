/**
 * The items of a run of batches that failed even alone: how many, the first one's error, and where each
 * error is logged. The run goes on with the rest; the caller fails it at the end (`count > 0`).
 */
export interface Failures {
  count: number;
  first?: unknown;
  log?: (err: unknown) => void;
}

/** No failures yet; each one to come is logged with `log` when given. */
export const noFailures = (log?: (err: unknown) => void): Failures =>
  log ? { count: 0, log } : { count: 0 };

/**
 * `work` on a whole batch in one go; when that throws (the batch rolled back whole), on each item alone,
 * so one bad item holds up no other. Sums what the calls return; an item that fails alone is counted
 * and logged in `failed`, which keeps the first error.
 */
export async function batchThenEach<T>(
  items: readonly T[],
  work: (items: readonly T[]) => Promise<number>,
  failed: Failures,
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
        if (failed.count++ === 0) failed.first = err;
        failed.log?.(err);
      }
    }
    return n;
  }
}
