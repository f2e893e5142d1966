import { createHash } from 'node:crypto';
import { allocateProRata, drawLottery } from '@kabuto/domain';
import { describe, expect, it } from 'vitest';
import { commitmentOf, verifyAllocation, verifyLottery } from './draw-proof.ts';

const SEED = '9f'.repeat(32);
// the server's commitment: SHA-256 of the seed's hex text (apps/server/src/shared/commitment.ts)
const COMMITMENT = createHash('sha256').update(SEED).digest('hex');

describe('verifying a draw in the browser', () => {
  it('hashes the seed as the server commits to it', async () => {
    expect(await commitmentOf(SEED)).toBe(COMMITMENT);
  });

  it('recomputes a lottery; a changed result or another seed fails', async () => {
    const entries = [1n, 2n, 3n, 4n, 5n].map((id) => ({ id, lots: 1n }));
    const input = { seed: SEED, entries, lots: 2n, mode: 'ticket' as const, waitlist: 1 };
    const results = drawLottery(input).map((r) => ({
      id: String(r.id),
      outcome: r.outcome,
      lots: r.lots.toString(),
      rank: r.rank,
    }));
    const proof = { ...input, commitment: COMMITMENT, results };
    expect(await verifyLottery(proof)).toEqual({ commitment: true, result: true });
    const swapped = results.map((r) => ({
      ...r,
      outcome: r.outcome === 'won' ? ('lost' as const) : r.outcome,
    }));
    expect(await verifyLottery({ ...proof, results: swapped })).toEqual({ commitment: true, result: false });
    expect((await verifyLottery({ ...proof, seed: 'ab'.repeat(32) })).commitment).toBe(false);
  });

  it('recomputes a pro-rata allocation; a changed allocation fails', async () => {
    const entries = [
      { id: 10n, lots: 7n },
      { id: 11n, lots: 5n },
      { id: 12n, lots: 3n },
    ];
    const results = allocateProRata(SEED, entries, 10n).map((r) => ({
      id: String(r.id),
      lots: r.lots.toString(),
    }));
    const proof = { commitment: COMMITMENT, seed: SEED, lots: 10n, entries, results };
    expect(await verifyAllocation(proof)).toEqual({ commitment: true, result: true });
    const moved = results.map((r, i) => ({
      ...r,
      lots: String(Number(r.lots) + (i === 0 ? 1 : i === 1 ? -1 : 0)),
    }));
    expect(await verifyAllocation({ ...proof, results: moved })).toEqual({ commitment: true, result: false });
  });
});
