import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  acquire,
  dispose,
  dividendIntoYear,
  EMPTY_BOOK,
  EMPTY_TAX_YEAR,
  FX_RATE_SCALE,
  nettingRefund,
  nisaRefusal,
  positionGain,
  type TaxYear,
  taxOnNet,
  taxRatesOn,
  units,
  withholdingOnDividend,
  withholdingStep,
  yenAtTtm,
} from '../../src/index.ts';

const yen = (n: number) => units(n);

describe('rates', () => {
  test('20.315% until the reconstruction surtax ends with 2037, then 20%', () => {
    expect(taxRatesOn('2026-06-01')).toMatchObject({ nationalPpm: 153_150n, localPpm: 50_000n });
    expect(taxRatesOn('2037-12-31').nationalPpm).toBe(153_150n);
    expect(taxRatesOn('2038-01-01').nationalPpm).toBe(150_000n);
  });

  test('each part truncated to the yen, nothing on a net loss', () => {
    expect(taxOnNet(yen(100_000), '2026-01-05')).toEqual({ national: yen(15_315), local: yen(5_000) });
    expect(taxOnNet(yen(99), '2026-01-05')).toEqual({ national: yen(15), local: yen(4) });
    expect(taxOnNet(yen(-5_000), '2026-01-05')).toEqual({ national: 0n, local: 0n });
  });
});

describe('moving average (総平均法に準ずる方法)', () => {
  test('the average is recomputed at each purchase and rounded up to the yen', () => {
    let b = acquire(EMPTY_BOOK, 100n, yen(100_000));
    b = acquire(b, 200n, yen(250_001));
    // (100,000 + 250,001) / 300 = 1166.67 → 1167
    expect(b).toEqual({ quantity: 300n, unitCost: yen(1167) });
    const s = dispose(b, 100n);
    expect(s.cost).toBe(yen(116_700));
    expect(s.book).toEqual({ quantity: 200n, unitCost: yen(1167) });
    expect(dispose(s.book, 200n).book).toEqual(EMPTY_BOOK);
    expect(() => dispose(s.book, 201n)).toThrow(RangeError);
  });
});

describe('yen at the TTM', () => {
  test('proceeds round down, costs up', () => {
    const ttm = (15_012n * FX_RATE_SCALE) / 100n; // 150.12 yen per dollar
    expect(yenAtTtm(units(10) + 5_000n, ttm, 'down')).toBe(yen(1576)); // 10.50 × 150.12 = 1576.26
    expect(yenAtTtm(units(10) + 5_000n, ttm, 'up')).toBe(yen(1577));
  });

  test('a short sells at the open and buys back at the close, each leg at its own TTM', () => {
    const g = positionGain({
      direction: 2,
      quantity: 10n,
      openPrice: units(100),
      closePrice: units(90),
      openFees: units(1),
      closeFees: units(1),
      openTtm: 150n * FX_RATE_SCALE,
      closeTtm: 140n * FX_RATE_SCALE,
    });
    // sold 999 × 150 = 149,850; bought 901 × 140 = 126,140
    expect(g).toEqual({ proceeds: yen(149_850), cost: yen(126_140), gain: yen(149_850 - 126_140) });
  });
});

/** The reference: the tax due on the year's running net, from scratch, in plain integers of yen. */
function referenceWithheld(gainsYen: number[]): { national: number; local: number } {
  const net = gainsYen.reduce((a, b) => a + b, 0);
  if (net <= 0) return { national: 0, local: 0 };
  return { national: Math.floor((net * 15315) / 100000), local: Math.floor((net * 5) / 100) };
}

/** A year of trades: buys and sells of a few stocks at whole-yen prices. */
const trade = fc.record({
  stock: fc.integer({ min: 0, max: 2 }),
  buy: fc.boolean(),
  quantity: fc.integer({ min: 1, max: 500 }),
  price: fc.integer({ min: 1, max: 20_000 }),
  fee: fc.integer({ min: 0, max: 1_000 }),
});

describe('源泉徴収あり over a year of generated trades', () => {
  test('the tax withheld at every step equals the reference, refunds after losses included', () => {
    fc.assert(
      fc.property(fc.array(trade, { minLength: 1, maxLength: 80 }), (trades) => {
        const books = [EMPTY_BOOK, EMPTY_BOOK, EMPTY_BOOK];
        // the reference's own moving average: shares and average cost in plain integers of yen
        const ref = [
          { q: 0, avg: 0 },
          { q: 0, avg: 0 },
          { q: 0, avg: 0 },
        ];
        const gains: number[] = [];
        let year: TaxYear = EMPTY_TAX_YEAR;
        let withheldNational = 0n;
        let withheldLocal = 0n;
        for (const t of trades) {
          const r = ref[t.stock];
          if (t.buy) {
            books[t.stock] = acquire(books[t.stock], BigInt(t.quantity), yen(t.price * t.quantity + t.fee));
            r.avg = Math.ceil((r.avg * r.q + t.price * t.quantity + t.fee) / (r.q + t.quantity));
            r.q += t.quantity;
            continue;
          }
          const qty = Math.min(t.quantity, r.q);
          if (qty === 0) continue;
          const sold = dispose(books[t.stock], BigInt(qty));
          books[t.stock] = sold.book;
          const gain = yen(t.price * qty - t.fee) - sold.cost;
          const refGain = t.price * qty - t.fee - r.avg * qty;
          r.q -= qty;
          if (r.q === 0) r.avg = 0;
          expect(gain).toBe(yen(refGain));
          const step = withholdingStep(year, gain, '2026-07-01');
          year = step.year;
          withheldNational += step.national;
          withheldLocal += step.local;
          gains.push(refGain);
          const want = referenceWithheld(gains);
          expect(withheldNational).toBe(yen(want.national));
          expect(withheldLocal).toBe(yen(want.local));
          // never more refunded than was withheld
          expect(withheldNational >= 0n && withheldLocal >= 0n).toBe(true);
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });

  test('a loss after a gain refunds what the gain withheld', () => {
    const a = withholdingStep(EMPTY_TAX_YEAR, yen(100_000), '2026-03-02');
    expect([a.national, a.local]).toEqual([yen(15_315), yen(5_000)]);
    const b = withholdingStep(a.year, yen(-60_000), '2026-03-03');
    expect([b.national, b.local]).toEqual([-yen(9_189), -yen(3_000)]);
    const c = withholdingStep(b.year, yen(-70_000), '2026-03-04');
    expect([c.national, c.local]).toEqual([-yen(6_126), -yen(2_000)]);
    expect(c.year).toEqual({ net: yen(-30_000), dividends: 0n, national: 0n, local: 0n });
  });

  test('dividends: withheld in full when paid, refunded by the netting as far as the losses offset them', () => {
    // a ¥60,000 loss, then a ¥50,000 dividend withheld at 20.315% by the payer
    const loss = withholdingStep(EMPTY_TAX_YEAR, yen(-60_000), '2026-03-02');
    const w = withholdingOnDividend({ market: 'jpy', gross: yen(50_000), date: '2026-03-10' });
    expect([w.national, w.local]).toEqual([yen(7_657), yen(2_500)]);
    const y = dividendIntoYear(loss.year, yen(50_000), w);
    // the loss offsets the whole dividend: all of its tax comes back
    expect(nettingRefund(y, '2026-03-11')).toEqual({ national: yen(7_657), local: yen(2_500) });
    // a later ¥30,000 gain: the year nets ¥20,000, taxed once
    const gain = withholdingStep({ ...y, national: 0n, local: 0n }, yen(30_000), '2026-04-01');
    expect([gain.national, gain.local]).toEqual([yen(3_063), yen(1_000)]);
    // with a net gain nothing is refunded
    expect(nettingRefund(gain.year, '2026-04-02')).toEqual({ national: 0n, local: 0n });
  });

  test('property: with dividends and the daily netting, the tax withheld equals the reference at every step', () => {
    const event = fc.oneof(
      fc.record({ kind: fc.constant('gain' as const), yen: fc.integer({ min: -2_000_000, max: 2_000_000 }) }),
      fc.record({ kind: fc.constant('dividend' as const), yen: fc.integer({ min: 1, max: 500_000 }) }),
      fc.record({ kind: fc.constant('netting' as const), yen: fc.constant(0) }),
    );
    fc.assert(
      fc.property(fc.array(event, { minLength: 1, maxLength: 120 }), (events) => {
        let year: TaxYear = EMPTY_TAX_YEAR;
        let withheld = { national: 0n, local: 0n };
        // the reference in plain integers of yen
        let gains = 0;
        let dividends = 0;
        let ref = { national: 0, local: 0 };
        const dueRef = () => {
          const base = gains + dividends;
          return base <= 0
            ? { national: 0, local: 0 }
            : { national: Math.floor((base * 15315) / 100000), local: Math.floor((base * 5) / 100) };
        };
        for (const e of events) {
          if (e.kind === 'gain') {
            const step = withholdingStep(year, yen(e.yen), '2026-07-01');
            year = step.year;
            withheld = { national: withheld.national + step.national, local: withheld.local + step.local };
            gains += e.yen;
            // a sale settles the year: the tax on its gains and dividends netted
            ref = dueRef();
          } else if (e.kind === 'dividend') {
            const w = withholdingOnDividend({ market: 'jpy', gross: yen(e.yen), date: '2026-07-01' });
            year = dividendIntoYear(year, yen(e.yen), w);
            withheld = { national: withheld.national + w.national, local: withheld.local + w.local };
            dividends += e.yen;
            // the payer withholds each dividend in full, whatever the year's losses
            ref = {
              national: ref.national + Math.floor((e.yen * 15315) / 100000),
              local: ref.local + Math.floor((e.yen * 5) / 100),
            };
          } else {
            const back = nettingRefund(year, '2026-07-01');
            year = { ...year, national: year.national - back.national, local: year.local - back.local };
            withheld = { national: withheld.national - back.national, local: withheld.local - back.local };
            // the netting gives back what exceeds the tax on the netted total, part by part
            const due = dueRef();
            ref = { national: Math.min(ref.national, due.national), local: Math.min(ref.local, due.local) };
          }
          expect(withheld).toEqual({ national: yen(ref.national), local: yen(ref.local) });
          expect(year.national).toBe(withheld.national);
          expect(year.local).toBe(withheld.local);
          expect(withheld.national >= 0n && withheld.local >= 0n).toBe(true);
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });
});

describe('NISA', () => {
  const order = { leverage: 1, direction: 1 as const, dayTrade: false, amount: yen(1_000_000) };
  const none = { yearUsed: 0n, lifetimeUsed: 0n };

  test('cash purchases within the quotas only', () => {
    expect(nisaRefusal(true, order, none, '2026-05-01')).toBeNull();
    expect(nisaRefusal(false, order, none, '2026-05-01')).toEqual({ code: 'tax.nisaNotOpen' });
    expect(nisaRefusal(true, { ...order, leverage: 2 }, none, '2026-05-01')?.code).toBe('tax.nisaCashOnly');
    expect(nisaRefusal(true, { ...order, direction: 2 }, none, '2026-05-01')?.code).toBe('tax.nisaCashOnly');
    expect(nisaRefusal(true, { ...order, dayTrade: true }, none, '2026-05-01')?.code).toBe(
      'tax.nisaCashOnly',
    );
    expect(nisaRefusal(true, order, none, '2023-05-01')?.code).toBe('tax.nisaNotOffered');
  });

  test('over the ¥2.4M year or the ¥12M growth lifetime is refused', () => {
    expect(nisaRefusal(true, order, { yearUsed: yen(1_400_000), lifetimeUsed: 0n }, '2026-05-01')).toBeNull();
    expect(nisaRefusal(true, order, { yearUsed: yen(1_400_001), lifetimeUsed: 0n }, '2026-05-01')).toEqual({
      code: 'tax.nisaYearQuota',
      left: yen(999_999),
    });
    expect(nisaRefusal(true, order, { yearUsed: 0n, lifetimeUsed: yen(11_500_000) }, '2026-05-01')).toEqual({
      code: 'tax.nisaLifetimeQuota',
      left: yen(500_000),
    });
  });
});
