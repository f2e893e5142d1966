import { createHash } from 'node:crypto';
import { allocateProRata, drawLottery, entryListText } from '@kabuto/domain';
import { describe, expect, it } from 'vitest';
import { commitmentOf, verifyAllocation, verifyLottery } from './draw-proof.ts';

const SEED = '9f'.repeat(32);
// the server's commitment: SHA-256 of the seed's hex text (apps/server/src/shared/commitment.ts)
const COMMITMENT = createHash('sha256').update(SEED).digest('hex');
const sha = (text: string) => createHash('sha256').update(text).digest('hex');
/** Entries as the server commits them: the ref is the SHA-256 of the order number. */
const withRefs = (entries: { id: bigint; lots: bigint }[]) =>
  entries.map((e) => ({ ...e, ref: sha(`ORDER${e.id}`) }));
/** The server's entry-list commitment: SHA-256 of entryListText (apps/server/src/modules/new-shares/lottery.service.ts). */
const entriesHash = (entries: { id: bigint; ref: string; lots: bigint }[]) => sha(entryListText(entries));

describe('verifying a draw in the browser', () => {
  it('hashes the seed as the server commits to it', async () => {
    expect(await commitmentOf(SEED)).toBe(COMMITMENT);
  });

  it('recomputes a lottery; a changed result or another seed fails', async () => {
    const entries = withRefs([1n, 2n, 3n, 4n, 5n].map((id) => ({ id, lots: 1n })));
    const input = { seed: SEED, entries, lots: 2n, mode: 'ticket' as const, waitlist: 1 };
    const results = drawLottery(input).map((r) => ({
      id: String(r.id),
      outcome: r.outcome,
      lots: r.lots.toString(),
      rank: r.rank,
    }));
    const proof = { ...input, commitment: COMMITMENT, entriesCommitment: entriesHash(entries), results };
    expect(await verifyLottery(proof, 'ORDER3')).toEqual({ commitment: true, result: true, entries: true });
    // an entry dropped after the window closed, or someone who is not in the list: the entries check fails
    expect((await verifyLottery({ ...proof, entries: entries.slice(1) })).entries).toBe(false);
    expect((await verifyLottery(proof, 'ORDER9')).entries).toBe(false);
    expect((await verifyLottery({ ...proof, entriesCommitment: '' })).entries).toBe(false);
    const swapped = results.map((r) => ({
      ...r,
      outcome: r.outcome === 'won' ? ('lost' as const) : r.outcome,
    }));
    expect(await verifyLottery({ ...proof, results: swapped })).toEqual({
      commitment: true,
      result: false,
      entries: true,
    });
    expect((await verifyLottery({ ...proof, seed: 'ab'.repeat(32) })).commitment).toBe(false);
  });

  it('recomputes a pro-rata allocation; a changed allocation fails', async () => {
    const entries = withRefs([
      { id: 10n, lots: 7n },
      { id: 11n, lots: 5n },
      { id: 12n, lots: 3n },
    ]);
    const results = allocateProRata(SEED, entries, 10n).map((r) => ({
      id: String(r.id),
      lots: r.lots.toString(),
    }));
    const proof = {
      commitment: COMMITMENT,
      entriesCommitment: entriesHash(entries),
      seed: SEED,
      lots: 10n,
      entries,
      results,
    };
    expect(await verifyAllocation(proof, 'ORDER11')).toEqual({
      commitment: true,
      result: true,
      entries: true,
    });
    const more = [...entries, { id: 13n, ref: sha('ORDER13'), lots: 1n }];
    expect((await verifyAllocation({ ...proof, entries: more })).entries).toBe(false);
    const moved = results.map((r, i) => ({
      ...r,
      lots: String(Number(r.lots) + (i === 0 ? 1 : i === 1 ? -1 : 0)),
    }));
    expect(await verifyAllocation({ ...proof, results: moved })).toEqual({
      commitment: true,
      result: false,
      entries: true,
    });
  });
});
