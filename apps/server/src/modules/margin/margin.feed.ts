import type { Db, Tx } from '@kabuto/db';
import { sql } from 'kysely';

/**
 * Which users' money moved since the last look, read from the ledger: every change to a margin book
 * (a fill or a close holds or releases margin, a deposit, a withdrawal, a fee, a transfer between
 * wallets) is a ledger transfer of the user's accounts, committed in the same transaction as the row
 * that caused it. The feed remembers the highest transfer id it has read.
 *
 * Transfer ids are handed out when a row is inserted, not when its transaction commits, so an id below
 * the highest read may still appear: a transaction in flight while the feed read. Each id skipped over
 * is kept as a gap and asked for again on the next looks until it appears or has been missing for
 * `gapMs` (a rolled-back transaction leaves its ids unused for ever). A transaction that stays open
 * longer than that is seen by the next full rebuild of whoever reads the feed.
 */
export class TransferFeed {
  private hi = 0n;
  /** Ids skipped over, with when they were first missed (ms). */
  private readonly gaps = new Map<bigint, number>();

  constructor(
    private readonly gapMs = 60_000,
    private readonly maxGaps = 2_000,
  ) {}

  /** Starts over from `hi` with the ids in `(hi − window, hi]` that the snapshot lacked as gaps. */
  reset(hi: bigint, seen: readonly bigint[], window: bigint, now: number): void {
    this.hi = hi;
    this.gaps.clear();
    const have = new Set(seen);
    for (let id = hi - window + 1n; id <= hi; id++) {
      if (id > 0n && !have.has(id)) this.gaps.set(id, now);
    }
    this.trim();
  }

  /** What to ask for: ids above `after`, and the gaps. */
  wanted(): { after: bigint; gaps: bigint[] } {
    return { after: this.hi, gaps: [...this.gaps.keys()] };
  }

  /** Takes the ids a look found (in any order); returns nothing. */
  advance(ids: readonly bigint[], now: number): void {
    let top = this.hi;
    const found = new Set<bigint>();
    for (const id of ids) {
      found.add(id);
      this.gaps.delete(id);
      if (id > top) top = id;
    }
    // a jump over many unused ids (a large rolled-back batch) keeps only the last `maxGaps` of them
    const from = top - BigInt(this.maxGaps) > this.hi ? top - BigInt(this.maxGaps) : this.hi + 1n;
    for (let id = from; id < top; id++) if (!found.has(id)) this.gaps.set(id, now);
    this.hi = top;
    for (const [id, at] of this.gaps) if (now - at > this.gapMs) this.gaps.delete(id);
    this.trim();
  }

  /** The oldest gaps go first when there are too many (a burst of rolled-back inserts). */
  private trim(): void {
    if (this.gaps.size <= this.maxGaps) return;
    const drop = [...this.gaps.keys()]
      .sort((a, b) => (a < b ? -1 : 1))
      .slice(0, this.gaps.size - this.maxGaps);
    for (const id of drop) this.gaps.delete(id);
  }
}

/** The highest transfer id now, and the ids present among the last `window` below it. */
export async function transferTop(q: Db | Tx, window: bigint): Promise<{ hi: bigint; seen: bigint[] }> {
  const top = await sql<{ hi: string | null }>`select max(id)::text as hi from ledger_transfer`.execute(q);
  const hi = BigInt(top.rows[0]?.hi ?? '0');
  const rows = await sql<{ id: string }>`select id::text as id from ledger_transfer
    where id > ${(hi - window).toString()}::int8 and id <= ${hi.toString()}::int8`.execute(q);
  return { hi, seen: rows.rows.map((r) => BigInt(r.id)) };
}

/**
 * The transfers above `after` or among `gaps` (at most `limit`, lowest first), each with the users on its
 * two sides (platform accounts have none).
 */
export async function transfersSince(
  q: Db | Tx,
  after: bigint,
  gaps: readonly bigint[],
  limit: number,
): Promise<{ id: bigint; users: bigint[] }[]> {
  const inGaps = gaps.length
    ? sql` or t.id in (${sql.join(gaps.map((g) => sql`${g.toString()}::int8`))})`
    : sql``;
  const { rows } = await sql<{ id: string; d: string | null; c: string | null }>`
    select t.id::text as id, d.owner::text as d, c.owner::text as c
    from ledger_transfer t
    join ledger_account d on d.id = t.debit_account
    join ledger_account c on c.id = t.credit_account
    where t.id > ${after.toString()}::int8${inGaps}
    order by t.id
    limit ${limit}`.execute(q);
  return rows.map((r) => ({
    id: BigInt(r.id),
    users: [r.d, r.c].filter((x): x is string => x !== null).map(BigInt),
  }));
}
