import { allocateProRata, drawLottery } from '@kabuto/domain';

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
}

/** An IPO lottery as `/trade/newstock_draw` hands it out (numbers read into bigints). */
export interface LotteryProof {
  commitment: string;
  seed: string;
  mode: 'ticket' | 'units';
  lots: bigint;
  waitlist: number;
  entries: { id: bigint; lots: bigint }[];
  results: { id: string; outcome: 'won' | 'waitlisted' | 'lost'; lots: string; rank: number }[];
}

export async function verifyLottery(p: LotteryProof): Promise<Verdict> {
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
  return { commitment: (await commitmentOf(p.seed)) === p.commitment, result };
}

/** A block trade's allocation as `/trade/block_draw` hands it out. */
export interface AllocationProof {
  commitment: string;
  seed: string;
  lots: bigint;
  entries: { id: bigint; lots: bigint }[];
  results: { id: string; lots: string }[];
}

export async function verifyAllocation(p: AllocationProof): Promise<Verdict> {
  const again = allocateProRata(p.seed, p.entries, p.lots);
  const result =
    again.length === p.results.length &&
    again.every((r, i) => String(r.id) === p.results[i].id && r.lots.toString() === p.results[i].lots);
  return { commitment: (await commitmentOf(p.seed)) === p.commitment, result };
}
