import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  callAmount,
  callDeadline,
  closeOrder,
  closesToRestore,
  type MarginBook,
  MarginIndex,
  maintenanceRatioPpm,
  suitabilityRefusal,
} from '../src/index.ts';

const U = 10_000n;

/** The reference: the ratio the way a broker's statement computes it, position by position in rationals. */
function referenceRatio(b: MarginBook): number | null {
  let notional = 0n;
  let pnl = 0n;
  for (const p of b.positions) {
    notional += p.openPrice * p.quantity;
    const move = (p.price - p.openPrice) * p.quantity;
    pnl += p.direction === 1 ? move : -move;
  }
  if (notional === 0n) return null;
  const loss = pnl < 0n ? -pnl : 0n;
  const effective = b.collateral - loss;
  // exact floor-toward-zero of effective / notional in ppm
  const q = (effective * 1_000_000n) / notional;
  return Number(q);
}

const holding = fc.record({
  openPrice: fc.bigInt({ min: 1n, max: 100_000n * U }),
  quantity: fc.bigInt({ min: 1n, max: 10_000n }),
  direction: fc.constantFrom(1, 2),
  price: fc.bigInt({ min: 1n, max: 200_000n * U }),
});
const book = fc.record({
  collateral: fc.bigInt({ min: 0n, max: 10n ** 12n * U }),
  positions: fc.array(holding, { maxLength: 30 }),
});

describe('the margin account', () => {
  test('suitability: experience, assets, risks and the agreement', () => {
    const ok = {
      experience: '1to3',
      assets: '3mto10m',
      income: '3mto5m',
      risksUnderstood: true,
      agreementAccepted: true,
    } as const;
    expect(suitabilityRefusal(ok)).toBeNull();
    expect(suitabilityRefusal({ ...ok, experience: 'none' })).toBe('margin.noExperience');
    expect(suitabilityRefusal({ ...ok, assets: 'under500k' })).toBe('margin.assetsTooLow');
    expect(suitabilityRefusal({ ...ok, risksUnderstood: false })).toBe('margin.risksNotUnderstood');
    expect(suitabilityRefusal({ ...ok, agreementAccepted: false })).toBe('margin.agreementRequired');
  });

  test('the maintenance ratio matches a reference computation on generated books', () => {
    fc.assert(
      fc.property(book, (b) => {
        const r = maintenanceRatioPpm(b);
        const ref = referenceRatio(b);
        expect(r === null ? null : Number(r)).toBe(ref);
      }),
      { numRuns: 500 },
    );
  });

  test('a 3× long of ¥3,000,000 on ¥1,000,000 collateral: 33.3%, then a call below 20% for the gap', () => {
    const b = {
      collateral: 1_000_000n * U,
      positions: [{ openPrice: 3000n * U, quantity: 1000n, direction: 1, price: 3000n * U }],
    };
    expect(maintenanceRatioPpm(b)).toBe(333_333n);
    // 15% down: loss 450,000, effective 550,000 on 3,000,000 = 18.3%
    const down = { ...b, positions: [{ ...b.positions[0], price: 2550n * U }] };
    expect(maintenanceRatioPpm(down)).toBe(183_333n);
    // back to 20% = 600,000 needs 50,000
    expect(
      callAmount(
        'jpy',
        { collateral: down.collateral, pnl: -450_000n * U, notional: 3_000_000n * U },
        200_000n,
      ),
    ).toBe(50_000n * U);
    expect(callAmount('jpy', { collateral: b.collateral, pnl: 0n, notional: 3_000_000n * U }, 200_000n)).toBe(
      0n,
    );
  });

  test('the call amount restores the line exactly (never short, at most a minor unit over)', () => {
    fc.assert(
      fc.property(book, fc.integer({ min: 1, max: 500_000 }), (b, line) => {
        const parts = {
          collateral: b.collateral,
          pnl: b.positions.reduce(
            (s, p) => s + (p.price - p.openPrice) * p.quantity * (p.direction === 1 ? 1n : -1n),
            0n,
          ),
          notional: b.positions.reduce((s, p) => s + p.openPrice * p.quantity, 0n),
        };
        const lineP = BigInt(line);
        const amount = callAmount('usd', parts, lineP);
        const after = maintenanceRatioPpm({ ...b, collateral: b.collateral + amount });
        if (after === null) return;
        if (amount > 0n) expect(after >= lineP).toBe(true);
        if (amount > 100n) {
          const less = maintenanceRatioPpm({ ...b, collateral: b.collateral + amount - 100n });
          expect(less! < lineP).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  test('the deadline: noon of the second trading day after the call (Tokyo)', () => {
    // Tuesday 2026-11-24 → Thursday 26th 12:00 JST
    expect(callDeadline('jpy', '2026-11-24')).toBe(Date.parse('2026-11-26T12:00:00+09:00'));
    // Friday 2026-11-27 → Tuesday 12-01 (the weekend skipped)
    expect(callDeadline('jpy', '2026-11-27')).toBe(Date.parse('2026-12-01T12:00:00+09:00'));
  });

  test('an unmet call closes the largest loss first, only until the ratio is back', () => {
    const p = (openPrice: bigint, price: bigint) => ({
      openPrice: openPrice * U,
      quantity: 100n,
      direction: 1,
      price: price * U,
    });
    const b = { collateral: 100_000n * U, positions: [p(1000n, 900n), p(1000n, 700n), p(1000n, 990n)] };
    expect(closeOrder(b.positions)).toEqual([1, 0, 2]);
    // notional 300,000, loss 41,000: 19.6% < 20%; closing the 30,000 loss leaves 70,000 collateral,
    // loss 11,000, notional 200,000: 29.5%
    expect(closesToRestore(b, closeOrder(b.positions), 200_000n)).toBe(1);
    expect(closesToRestore(b, closeOrder(b.positions), 400_000n)).toBe(2);
    expect(closesToRestore(b, closeOrder(b.positions), 600_000n)).toBe(3);
  });
});

describe('the per-tick index', () => {
  test('after any ticks, each account’s ratio is the one computed from its book afresh', () => {
    const symbols = ['A', 'B', 'C', 'D'];
    const pos = fc.record({
      symbol: fc.constantFrom(...symbols),
      openPrice: fc.bigInt({ min: 1n, max: 10_000n * U }),
      quantity: fc.bigInt({ min: 1n, max: 1_000n }),
      direction: fc.constantFrom(1, 2),
    });
    const accounts = fc.array(
      fc.record({
        collateral: fc.bigInt({ min: 0n, max: 10n ** 9n * U }),
        positions: fc.array(pos, { maxLength: 6 }),
      }),
      { minLength: 1, maxLength: 8 },
    );
    const ticks = fc.array(
      fc.dictionary(fc.constantFrom(...symbols), fc.bigInt({ min: 1n, max: 20_000n * U })),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(accounts, ticks, (accs, moves) => {
        const index = new MarginIndex();
        const last = new Map<string, bigint>();
        for (const a of accs) {
          const n = index.addAccount(a.collateral);
          for (const p of a.positions) {
            index.addPosition(n, p.symbol, p);
            if (!last.has(p.symbol)) last.set(p.symbol, p.openPrice);
          }
        }
        for (const m of moves) {
          const prices = new Map(Object.entries(m));
          const { touched, below } = index.tick(prices, 200_000n);
          for (const [s, p] of prices) last.set(s, p);
          expect(below).toEqual(touched.filter((n) => (index.ratio(n) ?? 200_000n) < 200_000n));
        }
        accs.forEach((a, n) => {
          const book = {
            collateral: a.collateral,
            positions: a.positions.map((p) => ({ ...p, price: last.get(p.symbol) ?? p.openPrice })),
          };
          expect(index.ratio(n)).toBe(maintenanceRatioPpm(book));
        });
      }),
      { numRuns: 300 },
    );
  });

  test('a book removed and added again under a new number is valued as if fresh; the old slots stay still', () => {
    const symbols = ['A', 'B', 'C'];
    const pos = fc.record({
      symbol: fc.constantFrom(...symbols),
      openPrice: fc.bigInt({ min: 1n, max: 10_000n * U }),
      quantity: fc.bigInt({ min: 1n, max: 1_000n }),
      direction: fc.constantFrom(1, 2),
    });
    const book = fc.record({
      collateral: fc.bigInt({ min: 0n, max: 10n ** 9n * U }),
      positions: fc.array(pos, { minLength: 1, maxLength: 5 }),
    });
    const steps = fc.array(
      fc.record({
        // which account's book is replaced (by index into the live ones), and by what
        replace: fc.nat(),
        by: book,
        prices: fc.dictionary(fc.constantFrom(...symbols), fc.bigInt({ min: 1n, max: 20_000n * U })),
      }),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(fc.array(book, { minLength: 1, maxLength: 5 }), steps, (start, moves) => {
        const index = new MarginIndex();
        const last = new Map<string, bigint>();
        const live: { n: number; book: (typeof start)[number] }[] = [];
        const add = (b: (typeof start)[number]) => {
          const n = index.addAccount(b.collateral);
          for (const p of b.positions) {
            index.addPosition(n, p.symbol, p);
            if (!last.has(p.symbol)) last.set(p.symbol, p.openPrice);
          }
          return n;
        };
        for (const b of start) live.push({ n: add(b), book: b });
        for (const m of moves) {
          const k = m.replace % live.length;
          const old = live[k].n;
          index.removeAccount(old);
          expect(index.ratio(old)).toBeNull();
          live[k] = { n: add(m.by), book: m.by };
          const { touched } = index.tick(new Map(Object.entries(m.prices)), 200_000n);
          for (const [s, p] of Object.entries(m.prices)) last.set(s, p);
          // a removed account is never touched again
          expect(touched).not.toContain(old);
          expect(new Set(touched).size).toBe(touched.length);
        }
        for (const { n, book: b } of live) {
          const fresh = {
            collateral: b.collateral,
            positions: b.positions.map((p) => ({ ...p, price: last.get(p.symbol) ?? p.openPrice })),
          };
          expect(index.ratio(n)).toBe(maintenanceRatioPpm(fresh));
        }
      }),
      { numRuns: 300 },
    );
  });
});
