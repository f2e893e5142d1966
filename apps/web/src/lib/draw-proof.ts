import { allocateProRata, drawLottery, entryListText } from '@kabuto/domain';

/**
 * Verifying a seeded draw in the browser (the IPO lottery, a block trade's allocation): the revealed
 * seed must hash to the commitment published before anyone could subscribe, and the domain's own draw
 * over the same inputs must give the recorded result. The commitment is the SHA-256 of the seed's hex
 * text, as the server computes it (`apps/server/src/shared/commitment.ts`).
 */
export async function commitmentOf(seed: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(seed));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export interface Verdict {
  /** The seed hashes to the commitment. */
  commitment: boolean;
  /** The draw recomputes to the recorded result. */
  result: boolean;
  /**
   * The entries the draw ran on hash to the entry list committed when the window closed (`entryListText`),
   * and the user's own entry (the SHA-256 of their order number) is among them when they have one.
   */
  entries: boolean;
}

/** The entries a proof lists, as committed: id, the SHA-256 of the order number, lots. */
export interface ProofEntry {
  id: bigint;
  ref: string;
  lots: bigint;
}

/**
 * The entry list's commitment recomputed from the proof's entries, and the user's own entry found by the
 * SHA-256 of their order number (`mine`; none to find when the user did not take part).
 */
async function entriesVerdict(
  entries: readonly ProofEntry[],
  committed: string,
  mine?: string,
): Promise<boolean> {
  if (committed === '' || (await commitmentOf(entryListText(entries))) !== committed) return false;
  if (!mine) return true;
  const ref = await commitmentOf(mine);
  return entries.some((e) => e.ref === ref);
}

/** An IPO lottery as `/trade/newstock_draw` hands it out (numbers read into bigints). */
export interface LotteryProof {
  commitment: string;
  entriesCommitment: string;
  seed: string;
  mode: 'ticket' | 'units';
  lots: bigint;
  waitlist: number;
  entries: ProofEntry[];
  results: { id: string; outcome: 'won' | 'waitlisted' | 'lost'; lots: string; rank: number }[];
}

export async function verifyLottery(p: LotteryProof, mine?: string): Promise<Verdict> {
  const again = drawLottery({
    seed: p.seed,
    entries: p.entries,
    lots: p.lots,
    mode: p.mode,
    waitlist: p.waitlist,
  });
  const result =
    again.length === p.results.length &&
    again.every((r, i) => {
      const x = p.results[i];
      return (
        String(r.id) === x.id && r.outcome === x.outcome && r.lots.toString() === x.lots && r.rank === x.rank
      );
    });
  return {
    commitment: (await commitmentOf(p.seed)) === p.commitment,
    result,
    entries: await entriesVerdict(p.entries, p.entriesCommitment, mine),
  };
}

/** A block trade's allocation as `/trade/block_draw` hands it out. */
export interface AllocationProof {
  commitment: string;
  entriesCommitment: string;
  seed: string;
  lots: bigint;
  entries: ProofEntry[];
  results: { id: string; lots: string }[];
}

export async function verifyAllocation(p: AllocationProof, mine?: string): Promise<Verdict> {
  const again = allocateProRata(p.seed, p.entries, p.lots);
  const result =
    again.length === p.results.length &&
    again.every((r, i) => String(r.id) === p.results[i].id && r.lots.toString() === p.results[i].lots);
  return {
    commitment: (await commitmentOf(p.seed)) === p.commitment,
    result,
    entries: await entriesVerdict(p.entries, p.entriesCommitment, mine),
  };
}
