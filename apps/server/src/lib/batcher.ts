/**
 * Group commit for a hot path: calls that arrive while earlier ones are being served are gathered and
 * served together by one `run` (one query, one transaction) instead of one each.
 *
 * Nothing waits on purpose: the first call of a quiet moment starts a batch at the next turn of the
 * event loop (`setImmediate`, so calls made in the same turn join it), and while `maxInFlight` batches
 * are running, new calls queue and leave together, up to `maxBatch`, as soon as one finishes. Under light
 * load a batch holds one call and costs what the call alone would; under heavy load the round trips and
 * commits per call fall with the batch size.
 *
 * `run` answers every item in order with an {@link Outcome}; an item's failure is its own. When `run`
 * itself throws for a batch of several items, each item is run again alone (`isolate`, on by default), so
 * one bad item cannot fail the calls that happened to share its batch.
 */
export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

export interface BatcherOptions {
  /** Items per batch at most. */
  maxBatch: number;
  /** Batches running at once at most (default 1). */
  maxInFlight?: number;
  /** Re-run each item of a failed batch alone (default true). */
  isolate?: boolean;
}

interface Waiting<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

export interface Batcher<I, O> {
  (item: I): Promise<O>;
  /** Batches run so far and the items they carried (tests, benchmarks). */
  stats(): { batches: number; items: number };
}

export function batcher<I, O>(
  run: (items: I[]) => Promise<Outcome<O>[]>,
  opts: BatcherOptions,
): Batcher<I, O> {
  const maxBatch = Math.max(1, opts.maxBatch);
  const maxInFlight = Math.max(1, opts.maxInFlight ?? 1);
  const isolate = opts.isolate ?? true;
  const queue: Waiting<I, O>[] = [];
  let inFlight = 0;
  let scheduled = false;
  let batches = 0;
  let items = 0;

  const settle = (w: Waiting<I, O>, o: Outcome<O> | undefined) => {
    if (!o) w.reject(new Error('batch answered fewer items than it was given'));
    else if (o.ok) w.resolve(o.value);
    else w.reject(o.error);
  };

  async function serve(taken: Waiting<I, O>[]): Promise<void> {
    batches++;
    items += taken.length;
    let out: Outcome<O>[];
    try {
      out = await run(taken.map((w) => w.item));
    } catch (error) {
      if (!isolate || taken.length === 1) {
        for (const w of taken) w.reject(error);
        return;
      }
      for (const w of taken) await serve([w]);
      return;
    }
    for (let i = 0; i < taken.length; i++) settle(taken[i], out[i]);
  }

  function drain(): void {
    scheduled = false;
    while (inFlight < maxInFlight && queue.length > 0) {
      const taken = queue.splice(0, maxBatch);
      inFlight++;
      void serve(taken).finally(() => {
        inFlight--;
        schedule();
      });
    }
  }

  function schedule(): void {
    if (scheduled || queue.length === 0 || inFlight >= maxInFlight) return;
    scheduled = true;
    setImmediate(drain);
  }

  const submit = ((item: I) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      schedule();
    })) as Batcher<I, O>;
  submit.stats = () => ({ batches, items });
  return submit;
}
