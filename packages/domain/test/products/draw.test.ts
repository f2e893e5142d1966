import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateProRata,
  drawLottery,
  drawOrder,
  ipoFirstPrice,
  ipoOpeningRange,
  isOnTick,
  promoteWaitlisted,
  seededRandom,
  units,
} from '../../src/index.ts';

const seedOf = (i: number) => createHash('sha256').update(`seed-${i}`).digest('hex');
const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));
/** Applications sorted by distinct ids, 1–20 lots each. */
const entriesArb = fc
  .uniqueArray(fc.bigInt({ min: 1n, max: 10_000n }), { minLength: 0, maxLength: 60 })
  .chain((ids) =>
    fc.tuple(
      fc.constant([...ids].sort((a, b) => (a < b ? -1 : 1))),
      fc.array(fc.bigInt({ min: 1n, max: 20n }), { minLength: ids.length, maxLength: ids.length }),
    ),
  )
  .map(([ids, lots]) => ids.map((id, i) => ({ id, lots: lots[i] })));

describe('seeded random', () => {
  it('is a function of the seed', () => {
    const a = seededRandom(seedOf(1));
    const b = seededRandom(seedOf(1));
    const c = seededRandom(seedOf(2));
    const xs = Array.from({ length: 8 }, () => a.next());
    expect(Array.from({ length: 8 }, () => b.next())).toEqual(xs);
    expect(Array.from({ length: 8 }, () => c.next())).not.toEqual(xs);
  });

  it('refuses seeds that are not 16–64 bytes of hex', () => {
    for (const bad of ['', 'zz'.repeat(16), 'ab'.repeat(8).slice(1), 'ab'.repeat(65)])
      expect(() => seededRandom(bad)).toThrow();
  });

  it('draws integers below n without bias (chi-square over 60,000 draws of 0..5)', () => {
    const rng = seededRandom(seedOf(7));
    const counts = new Array(6).fill(0);
    for (let i = 0; i < 60_000; i++) counts[rng.below(6)]++;
    const chi = counts.reduce((s, c) => s + (c - 10_000) ** 2 / 10_000, 0);
    // 5 degrees of freedom: P(χ² > 20.52) = 0.001
    expect(chi).toBeLessThan(20.52);
  });
});

describe('draw order', () => {
  it('is a permutation of the ids, the same for the same seed', () => {
    fc.assert(
      fc.property(seedArb, entriesArb, (seed, entries) => {
        const ids = entries.map((e) => e.id);
        const order = drawOrder(seed, ids);
        expect([...order].sort((a, b) => (a < b ? -1 : 1))).toEqual(ids);
        expect(drawOrder(seed, ids)).toEqual(order);
      }),
    );
  });

  it('refuses entries that are not sorted by id', () => {
    expect(() => drawOrder(seedOf(1), [2n, 1n])).toThrow();
    expect(() => drawOrder(seedOf(1), [1n, 1n])).toThrow();
  });
});

describe('IPO lottery', () => {
  it('never allots more than offered nor more than asked; decides every application once', () => {
    fc.assert(
      fc.property(
        seedArb,
        entriesArb,
        fc.bigInt({ min: 0n, max: 300n }),
        fc.constantFrom('ticket' as const, 'units' as const),
        fc.nat({ max: 10 }),
        (seed, entries, lots, mode, waitlist) => {
          const results = drawLottery({ seed, entries, lots, mode, waitlist });
          expect(results.map((r) => r.id).sort((a, b) => (a < b ? -1 : 1))).toEqual(entries.map((e) => e.id));
          const asked = new Map(entries.map((e) => [e.id, e.lots]));
          let total = 0n;
          for (const r of results) {
            expect(r.lots <= (asked.get(r.id) as bigint)).toBe(true);
            expect(r.outcome === 'won').toBe(r.lots > 0n);
            total += r.lots;
          }
          expect(total <= lots).toBe(true);
          const demand = entries.reduce((s, e) => s + e.lots, 0n);
          // Nothing is left over while someone still wants more (ticket mode goes round again).
          expect(total).toBe(demand < lots ? demand : lots);
          expect(results.filter((r) => r.outcome === 'waitlisted').length).toBeLessThanOrEqual(waitlist);
          expect(drawLottery({ seed, entries, lots, mode, waitlist })).toEqual(results);
        },
      ),
    );
  });

  it('gives every applicant the same chance over many seeds (chi-square bound)', () => {
    // 12 applications (various sizes: one ticket each), 3 lots; 4,000 seeds.
    const entries = Array.from({ length: 12 }, (_, i) => ({ id: BigInt(i + 1), lots: BigInt((i % 4) + 1) }));
    const wins = new Map<bigint, number>(entries.map((e) => [e.id, 0]));
    const seeds = 4000;
    for (let s = 0; s < seeds; s++)
      for (const r of drawLottery({ seed: seedOf(s), entries, lots: 3n }))
        if (r.outcome === 'won') wins.set(r.id, (wins.get(r.id) as number) + 1);
    const expected = (seeds * 3) / 12;
    const chi = [...wins.values()].reduce((s, w) => s + (w - expected) ** 2 / expected, 0);
    // 11 degrees of freedom: P(χ² > 31.26) = 0.001
    expect(chi).toBeLessThan(31.26);
  });

  it('units mode weighs by lots: an application of 4 lots wins about 4 times as often as one of 1', () => {
    const entries = [
      { id: 1n, lots: 1n },
      { id: 2n, lots: 4n },
      { id: 3n, lots: 5n },
    ];
    const wins = [0, 0, 0];
    for (let s = 0; s < 3000; s++)
      drawLottery({ seed: seedOf(s), entries, lots: 1n, mode: 'units' }).forEach((r) => {
        if (r.outcome === 'won') wins[Number(r.id) - 1]++;
      });
    const expected = [300, 1200, 1500];
    const chi = wins.reduce((s, w, i) => s + (w - expected[i]) ** 2 / expected[i], 0);
    expect(chi).toBeLessThan(13.82); // 2 degrees of freedom, p = 0.001
  });

  it('waitlists the next applications in draw order and promotes them when a winner abstains', () => {
    const entries = Array.from({ length: 10 }, (_, i) => ({ id: BigInt(i + 1), lots: 1n }));
    const results = drawLottery({ seed: seedOf(3), entries, lots: 3n, waitlist: 2 });
    const byRank = [...results].sort((a, b) => a.rank - b.rank);
    expect(byRank.map((r) => r.outcome)).toEqual([
      'won',
      'won',
      'won',
      'waitlisted',
      'waitlisted',
      ...Array(5).fill('lost'),
    ]);
    const { results: after, promoted } = promoteWaitlisted(results, entries, byRank[1].id);
    expect(promoted).toEqual([byRank[3].id]);
    expect(after.find((r) => r.id === byRank[1].id)?.outcome).toBe('lost');
    expect(after.find((r) => r.id === byRank[3].id)).toMatchObject({ outcome: 'won', lots: 1n });
    expect(after.filter((r) => r.outcome === 'won')).toHaveLength(3);
    expect(() => promoteWaitlisted(after, entries, byRank[9].id)).toThrow();
  });
});

describe('block-trade allocation', () => {
  it('is pro rata in whole lots, the remainder by draw, never over-allotted', () => {
    fc.assert(
      fc.property(seedArb, entriesArb, fc.bigInt({ min: 0n, max: 500n }), (seed, entries, available) => {
        const alloc = allocateProRata(seed, entries, available);
        const total = entries.reduce((s, e) => s + e.lots, 0n);
        const sum = alloc.reduce((s, a) => s + a.lots, 0n);
        expect(sum).toBe(total < available ? total : available);
        alloc.forEach((a, i) => {
          const e = entries[i];
          expect(a.id).toBe(e.id);
          expect(a.lots <= e.lots).toBe(true);
          if (total > available) {
            const floor = (e.lots * available) / total;
            expect(a.lots === floor || a.lots === floor + 1n).toBe(true);
          }
        });
        expect(allocateProRata(seed, entries, available)).toEqual(alloc);
      }),
    );
  });

  it('gives the remainder lot to each tied subscriber equally often (chi-square bound)', () => {
    // 5 subscriptions of 1 lot, 2 lots available: floor gives 0 each, the draw gives 2.
    const entries = Array.from({ length: 5 }, (_, i) => ({ id: BigInt(i + 1), lots: 1n }));
    const got = [0, 0, 0, 0, 0];
    for (let s = 0; s < 3000; s++)
      allocateProRata(seedOf(s), entries, 2n).forEach((a, i) => {
        got[i] += Number(a.lots);
      });
    const chi = got.reduce((s, g) => s + (g - 1200) ** 2 / 1200, 0);
    expect(chi).toBeLessThan(18.47); // 4 degrees of freedom, p = 0.001
  });
});

describe('IPO first price', () => {
  it('stays inside the opening range and on the tick, the same for the same seed', () => {
    fc.assert(
      fc.property(
        seedArb,
        fc.constantFrom(
          ['jpy', 'tse_general'] as const,
          ['cny', 'cn'] as const,
          ['krw', 'krx'] as const,
          ['usd', 'us'] as const,
        ),
        fc.integer({ min: 100, max: 20_000 }),
        (seed, [market, tick], offer) => {
          const offerPrice = units(offer);
          const { low, high } = ipoOpeningRange(market, offerPrice, tick);
          const p = ipoFirstPrice(seed, market, offerPrice, tick);
          expect(p >= low && p <= high).toBe(true);
          expect(isOnTick(tick, p)).toBe(true);
          expect(ipoFirstPrice(seed, market, offerPrice, tick)).toBe(p);
        },
      ),
    );
  });

  it('Tokyo: 75%–230% of the offer; mostly above it, some below (公募割れ)', () => {
    const offer = units(1500);
    expect(ipoOpeningRange('jpy', offer, 'tse_general')).toEqual({ low: units(1125), high: units(3450) });
    let above = 0;
    let below = 0;
    for (let s = 0; s < 1000; s++) {
      const p = ipoFirstPrice(seedOf(s), 'jpy', offer, 'tse_general');
      if (p > offer) above++;
      if (p < offer) below++;
    }
    expect(above).toBeGreaterThan(600);
    expect(below).toBeGreaterThan(50);
  });
});
