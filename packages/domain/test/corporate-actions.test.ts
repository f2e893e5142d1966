import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  dividendEntitlement,
  exDateForRecord,
  grossPnl,
  type Market,
  MINOR_UNIT,
  recordDateForEx,
  splitHolding,
  splitOrderPrice,
  splitRatio,
  type Units,
  withholdingOnDividend,
} from '../src/index.ts';

const yen = (n: number | bigint) => BigInt(n) * 10_000n;

describe('dates', () => {
  test('Japan: the ex-date is the business day before the record date (T+2)', () => {
    // record 2026-03-31 (Tue): ex 2026-03-30 (Mon)
    expect(exDateForRecord('jpy', '2026-03-31')).toBe('2026-03-30');
    expect(recordDateForEx('jpy', '2026-03-30')).toBe('2026-03-31');
    // record 2026-09-30 (Wed): ex 2026-09-29
    expect(exDateForRecord('jpy', '2026-09-30')).toBe('2026-09-29');
    // a record date on a closed day rolls back to the last business day first: 2025-12-31 → 12-30 → ex 12-29
    expect(exDateForRecord('jpy', '2025-12-31')).toBe('2025-12-29');
    // a weekend month end: 2027-03-31 is a Wednesday; 2026-05-31 a Sunday → record 05-29 (Fri), ex 05-28
    expect(exDateForRecord('jpy', '2026-05-31')).toBe('2026-05-28');
  });

  test('US: the ex-date is the record date (T+1)', () => {
    expect(exDateForRecord('usd', '2026-05-08')).toBe('2026-05-08');
    expect(recordDateForEx('usd', '2026-05-08')).toBe('2026-05-08');
  });
});

describe('withholdingOnDividend', () => {
  test('Japanese stock: 15.315% national and 5% local, kept apart', () => {
    const w = withholdingOnDividend({ market: 'jpy', gross: yen(10_000), date: '2026-06-30' });
    expect(w).toEqual({
      gross: yen(10_000),
      foreign: 0n,
      national: yen(1531),
      local: yen(500),
      net: yen(7969),
    });
  });

  test('US stock: 10% at source, then the Japanese 20.315% on the rest, each down to the cent', () => {
    const w = withholdingOnDividend({ market: 'usd', gross: 100_0000n, date: '2026-06-30' }); // $100
    expect(w.foreign).toBe(10_0000n);
    expect(w.national).toBe(13_7800n); // 15.315% of $90 = 13.7835 → 13.78
    expect(w.local).toBe(4_5000n);
    expect(w.net).toBe(100_0000n - 10_0000n - 13_7800n - 4_5000n);
  });

  test('the rates come from the dated table: the reconstruction surtax ends with 2037', () => {
    const in2037 = withholdingOnDividend({ market: 'jpy', gross: yen(10_000), date: '2037-12-31' });
    const in2038 = withholdingOnDividend({ market: 'jpy', gross: yen(10_000), date: '2038-01-01' });
    expect([in2037.national, in2037.local]).toEqual([yen(1531), yen(500)]);
    expect([in2038.national, in2038.local]).toEqual([yen(1500), yen(500)]);
  });

  test('tax-exempt: only the source withholding', () => {
    expect(
      withholdingOnDividend({ market: 'jpy', gross: yen(100), date: '2026-06-30', exempt: true }).net,
    ).toBe(yen(100));
  });
});

describe('split', () => {
  test('ratios as fractions', () => {
    expect(splitRatio(4)).toEqual({ num: 4n, den: 1n });
    expect(splitRatio(0.1)).toEqual({ num: 1n, den: 10n });
    expect(splitRatio(1.5)).toEqual({ num: 3n, den: 2n });
    expect(() => splitRatio(0)).toThrow(RangeError);
  });

  test('1:4 of a long: quantity ×4, cost ÷4, margin and P&L unchanged', () => {
    const r = splitRatio(4);
    const out = splitHolding(
      { quantity: 100n, openPrice: yen(17_000), margin: yen(1_700_000), direction: 1 },
      r,
      yen(4_500),
      'jpy',
    );
    expect(out).toMatchObject({
      quantity: 400n,
      openPrice: yen(4250),
      margin: yen(1_700_000),
      fractionCash: 0n,
    });
    expect(grossPnl({ quantity: 400n, openPrice: out.openPrice, direction: 1 }, yen(4_500))).toBe(
      grossPnl({ quantity: 100n, openPrice: yen(17_000), direction: 1 }, yen(18_000)),
    );
  });

  test('a reverse split with a fraction pays it in cash at the base price', () => {
    const r = splitRatio(0.1); // 10 → 1
    const out = splitHolding(
      { quantity: 105n, openPrice: yen(100), margin: yen(10_500), direction: 1 },
      r,
      yen(1_200),
      'jpy',
    );
    expect(out.quantity).toBe(10n);
    expect(out.openPrice).toBe(yen(1_000));
    expect(out.fractionNum).toBe(5n); // half a new share
    expect(out.fractionMargin).toBe(yen(500));
    expect(out.fractionCash).toBe(yen(600)); // ½ × ¥1,200
    expect(out.margin).toBe(yen(10_000));
  });

  test('open orders re-priced on the tick, never more aggressive', () => {
    const r = splitRatio(3);
    // ¥1,001 ÷ 3 = 333.67: a buy rounds down to 333, a sell up to 334 (TSE tick ¥1 below ¥3,000)
    expect(splitOrderPrice(yen(1001), r, 'buy', 'tse_general')).toBe(yen(333));
    expect(splitOrderPrice(yen(1001), r, 'sell', 'tse_general')).toBe(yen(334));
    expect(splitOrderPrice(yen(4000), splitRatio(4), 'buy', 'tse_general')).toBe(yen(1000));
  });

  test('property: value before = value after + fraction cash (within a minor unit per position)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(2, 3, 4, 5, 10, 0.5, 0.2, 0.1, 1.5),
        fc.integer({ min: 100, max: 50_000 }),
        fc.array(
          fc.record({
            quantity: fc.integer({ min: 1, max: 5000 }),
            open: fc.integer({ min: 100, max: 50_000 }),
            leverage: fc.constantFrom(1, 2, 3),
            direction: fc.constantFrom(1, 2),
          }),
          { minLength: 1, maxLength: 20 },
        ),
        (ratio, prevYen, book) => {
          const r = splitRatio(ratio);
          const prev = yen(prevYen);
          const base = (prev * r.den) / r.num; // the exchange's base at full scale
          let before = 0n;
          let after = 0n;
          for (const b of book) {
            const h = {
              quantity: BigInt(b.quantity),
              openPrice: yen(b.open),
              margin: (yen(b.open) * BigInt(b.quantity)) / BigInt(b.leverage),
              direction: b.direction,
            };
            before += h.margin + grossPnl(h, prev);
            const o = splitHolding(h, r, base, 'jpy');
            after += o.margin + grossPnl({ ...o, direction: b.direction }, base) + o.fractionCash;
          }
          // cost rounding (half a unit per new share) and the fraction's rounding down to the yen
          const slack =
            book.reduce((s, b) => s + BigInt(b.quantity) * 10n, 0n) + BigInt(book.length) * 10_000n;
          expect(after <= before + slack && after >= before - slack).toBe(true);
        },
      ),
    );
  });
});

describe('dividend', () => {
  test('roles: a cash long is paid net on the payment date, a short charged gross on the ex-date', () => {
    const long = dividendEntitlement(
      { direction: 1, leverage: 1, lent: false, quantity: 100n },
      yen(50),
      'jpy',
      '2026-06-30',
    );
    expect(long).toMatchObject({
      role: 'holder',
      gross: yen(5000),
      amount: yen(3985),
      on: 'payment',
      recordType: 'dividend',
    });
    const short = dividendEntitlement(
      { direction: 2, leverage: 2, lent: false, quantity: 100n },
      yen(50),
      'jpy',
      '2026-06-30',
    );
    expect(short).toMatchObject({
      role: 'short',
      amount: -yen(5000),
      on: 'ex',
      recordType: 'manufactured_dividend',
    });
    const margin = dividendEntitlement(
      { direction: 1, leverage: 3, lent: false, quantity: 100n },
      yen(50),
      'jpy',
      '2026-06-30',
    );
    expect(margin).toMatchObject({ role: 'margin_long', amount: yen(3985), on: 'ex' });
    const lent = dividendEntitlement(
      { direction: 1, leverage: 1, lent: true, quantity: 100n },
      yen(50),
      'jpy',
      '2026-06-30',
    );
    expect(lent).toMatchObject({ role: 'lender', amount: yen(3985), on: 'payment', recordType: 'dividend' });
    // a holder in NISA is paid the whole dividend; NISA changes nothing for the other roles
    const nisa = dividendEntitlement(
      { direction: 1, leverage: 1, lent: false, quantity: 100n, nisa: true },
      yen(50),
      'jpy',
      '2026-06-30',
    );
    expect(nisa).toMatchObject({
      role: 'holder',
      amount: yen(5000),
      withholding: { national: 0n, local: 0n },
    });
  });

  test('property: per symbol, value before the ex-date = value after + dividends paid − charged', () => {
    const market = fc.constantFrom<Market>('jpy', 'usd', 'cny', 'krw');
    fc.assert(
      fc.property(
        market,
        fc.integer({ min: 200, max: 100_000 }),
        fc.integer({ min: 1, max: 199 }),
        fc.array(
          fc.record({
            quantity: fc.integer({ min: 1, max: 10_000 }),
            open: fc.integer({ min: 100, max: 100_000 }),
            leverage: fc.constantFrom(1, 2, 5),
            direction: fc.constantFrom(1, 2),
            lent: fc.boolean(),
          }),
          { minLength: 1, maxLength: 30 },
        ),
        (mkt, prevMinor, cashMinor, book) => {
          const minor = MINOR_UNIT[mkt];
          const prev: Units = BigInt(prevMinor) * minor;
          const cash: Units = BigInt(cashMinor) * minor;
          const exBase = prev - cash;
          let before = 0n;
          let after = 0n;
          let paid = 0n;
          let charged = 0n;
          for (const b of book) {
            const p = {
              quantity: BigInt(b.quantity),
              openPrice: BigInt(b.open) * minor,
              direction: b.direction,
              leverage: b.leverage,
              lent: b.lent && b.direction === 1 && b.leverage === 1,
            };
            const margin = (p.openPrice * p.quantity) / BigInt(p.leverage);
            before += margin + grossPnl(p, prev);
            after += margin + grossPnl(p, exBase);
            const e = dividendEntitlement(p, cash, mkt, '2026-06-30');
            if (e.amount > 0n) paid += e.gross;
            else charged += e.gross;
            // the tax is kept back from the payout, never beyond it
            expect(e.amount).toBe(e.role === 'short' ? -e.gross : e.withholding.net);
            expect(e.withholding.net).toBeLessThanOrEqual(e.gross);
          }
          expect(before).toBe(after + paid - charged);
        },
      ),
    );
  });
});
