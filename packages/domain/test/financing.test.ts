import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  accruedUnits,
  addMonths,
  dayNumerator,
  financingBases,
  financingCharge,
  financingDays,
  MINOR_UNIT,
  marginTermEnd,
} from '../src/index.ts';

const U = 10_000n;

describe('margin financing', () => {
  test('bases: a margin long pays interest on what is lent, a short the fee on its value and the premium on its shares, 1× none', () => {
    const long3 = { direction: 1, leverage: 3, openPrice: 2400n * U, quantity: 1000n, margin: 800_000n * U };
    expect(financingBases(long3)).toEqual([{ kind: 'margin_interest', base: 1_600_000n * U }]);
    expect(financingBases({ ...long3, leverage: 1, margin: 2_400_000n * U })).toEqual([]);
    expect(financingBases({ ...long3, direction: 2, leverage: 1, margin: 2_400_000n * U })).toEqual([
      { kind: 'short_fee', base: 2_400_000n * U },
      { kind: 'short_premium', base: 1000n },
    ]);
  });

  test('¥1,600,000 lent at 2.80% for 31 days: ¥3,804 (3804.93… rounded down once)', () => {
    const day = dayNumerator('margin_interest', 1_600_000n * U, 28_000n);
    const charge = financingCharge('jpy', day * 31n);
    // 1,600,000 × 0.028 × 31 / 365 = 3804.9315…
    expect(charge).toBe(3804n * U);
    expect(accruedUnits(day * 31n)).toBe(38_049_315n);
  });

  test('the premium is per share per day, exact: 1,000 shares at ¥0.05 for 3 days is ¥150', () => {
    expect(financingCharge('jpy', dayNumerator('short_premium', 1000n, 500n) * 3n)).toBe(150n * U);
  });

  test('property: N days accrued exactly and rounded once equal the actual/365 figure rounded once', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10_000_000_000n * U }),
        fc.bigInt({ min: 0n, max: 200_000n }),
        fc.integer({ min: 1, max: 400 }),
        fc.constantFrom('jpy' as const, 'usd' as const),
        (base, ratePpm, days, market) => {
          let sum = 0n;
          for (let i = 0; i < days; i++) sum += dayNumerator('short_fee', base, ratePpm);
          // the exact figure: base × rate × days / 365, in units, then rounded down to the minor unit once
          const exact = (base * ratePpm * BigInt(days)) / (1_000_000n * 365n);
          const step = MINOR_UNIT[market];
          expect(financingCharge(market, sum)).toBe(exact - (exact % step));
          expect(sum).toBe(base * ratePpm * BigInt(days));
        },
      ),
    );
  });

  test('days: both ends counted, each once however the runs fall', () => {
    expect(financingDays('2026-11-27', '2026-11-30', null)).toEqual([
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
    ]);
    expect(financingDays('2026-11-27', '2026-11-30', '2026-11-28')).toEqual(['2026-11-29', '2026-11-30']);
    expect(financingDays('2026-11-27', '2026-11-30', '2026-11-30')).toEqual([]);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 8 }), (cuts) => {
        const open = '2026-06-01';
        const ends = [...cuts.sort((a, b) => a - b), 60];
        let through: string | null = null;
        const seen: string[] = [];
        for (const e of ends) {
          const until = financingDays('2026-06-01', '2026-07-31', null)[e];
          const days = financingDays(open, until, through);
          seen.push(...days);
          if (days.length) through = days[days.length - 1];
        }
        expect(seen).toEqual(financingDays(open, '2026-07-31', null));
      }),
    );
  });

  test('term: six months to the day, the trading day before when the exchange is closed; none in the US', () => {
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2026-11-24', 6)).toBe('2027-05-24');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    // 2027-05-24 is a Monday
    expect(marginTermEnd('jpy', '2026-11-24')).toBe('2027-05-24');
    // 2027-05-23 is a Sunday: the Friday before
    expect(marginTermEnd('jpy', '2026-11-23')).toBe('2027-05-21');
    expect(marginTermEnd('usd', '2026-11-24')).toBeNull();
  });
});
