import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  accrueClose,
  addDays,
  closesToAccrue,
  dailyLendingFee,
  daysCoveredBy,
  dueForPayment,
  IllegalTransitionError,
  isTradingDay,
  lendingPayment,
  lendingRatePpm,
  lendRefusal,
  localDate,
  monthOf,
  nextMonthStart,
  nextTradingDay,
  STOCK_LOAN,
  tradingDaysBetween,
  UNIT,
} from '../../src/index.ts';

const at = (iso: string) => Date.parse(iso);
const tokyo = (ms: number) => localDate('jpy', ms);
const yen = (n: bigint) => n * UNIT;

describe('stock loan status machine', () => {
  test('lent → recalled once; nothing leaves recalled', () => {
    expect(STOCK_LOAN.move('lent', 'recalled')).toBe('recalled');
    expect(() => STOCK_LOAN.move('recalled', 'recalled')).toThrow(IllegalTransitionError);
    expect(() => STOCK_LOAN.move('recalled', 'lent')).toThrow(IllegalTransitionError);
    expect(STOCK_LOAN.isFinal('recalled')).toBe(true);
  });
});

describe('which positions may be lent', () => {
  const holding = { status: 0, leverage: 1, direction: 1, dayTrade: false };
  test('a fully paid long holding may; leverage, short, day trades and closed ones may not', () => {
    expect(lendRefusal(holding)).toBeNull();
    expect(lendRefusal({ ...holding, leverage: 2 })).toBe('notFullyPaid');
    expect(lendRefusal({ ...holding, direction: 2 })).toBe('notFullyPaid');
    expect(lendRefusal({ ...holding, dayTrade: true })).toBe('notFullyPaid');
    for (const status of [1, 2, 3, 4]) expect(lendRefusal({ ...holding, status })).toBe('closed');
  });
});

describe('lending rate', () => {
  const tiers = [
    { minCap: yen(1_000_000_000_000n), ratePpm: 1_000n }, // ≥ 1 trillion: 0.10%
    { minCap: yen(100_000_000_000n), ratePpm: 5_000n }, // ≥ 100 billion: 0.50%
    { minCap: 0n, ratePpm: 30_000n }, // the rest: 3.00%
  ];
  test('by market cap tier, the operator’s symbol rate first', () => {
    expect(lendingRatePpm(yen(40_000_000_000_000n), tiers)).toBe(1_000n);
    expect(lendingRatePpm(yen(1_000_000_000_000n), tiers)).toBe(1_000n);
    expect(lendingRatePpm(yen(999_999_999_999n), tiers)).toBe(5_000n);
    expect(lendingRatePpm(yen(5_000_000_000n), tiers)).toBe(30_000n);
    expect(lendingRatePpm(null, tiers)).toBe(30_000n);
    expect(lendingRatePpm(yen(40_000_000_000_000n), tiers, 80_000n)).toBe(80_000n);
    expect(lendingRatePpm(yen(1n), [])).toBe(0n);
  });
});

describe('fee accrual: calendar days, actual/365, at the last close', () => {
  test('a day’s fee is value × rate / 365 at the ledger scale; the payment rounds once, down', () => {
    // 1,000,000 yen at 3.65% → 100 yen a day
    expect(dailyLendingFee(yen(1_000_000n), 36_500n, 'jpy')).toBe(yen(100n));
    // 1,000,000 yen at 0.10% → 2.7397 yen (not 2)
    expect(dailyLendingFee(yen(1_000_000n), 1_000n, 'jpy')).toBe(27_397n);
    // $10,000 at 0.10% → $0.0273
    expect(dailyLendingFee(yen(10_000n), 1_000n, 'usd')).toBe(273n);
    expect(dailyLendingFee(0n, 1_000n, 'jpy')).toBe(0n);
    // ¥227,000 at 0.10%: ¥0.6219 a day, which per-day rounding made ¥0; 30 days pay ¥18 (18.657 down)
    const day = dailyLendingFee(yen(227_000n), 1_000n, 'jpy');
    expect(day).toBe(6_219n);
    expect(lendingPayment('jpy', Array(30).fill(day))).toBe(yen(18n));
    expect(lendingPayment('usd', [273n, 273n])).toBe(500n);
    expect(lendingPayment('jpy', [])).toBe(0n);
  });

  test('Friday’s close pays for the weekend and the Monday holiday (2026-11-23)', () => {
    expect(daysCoveredBy('jpy', '2026-11-20')).toEqual([
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
    ]);
    expect(daysCoveredBy('jpy', '2026-11-24')).toEqual(['2026-11-24']);
  });

  test('the year-end close covers the new-year holidays, across the month end', () => {
    expect(isTradingDay('jpy', '2026-12-30')).toBe(true);
    const rows = accrueClose('jpy', '2026-12-30', yen(2_000n), 500n, 36_500n);
    expect(rows.map((r) => r.day)).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
    // value 1,000,000 at 3.65% → 100 yen a day
    expect(rows.every((r) => r.fee === yen(100n) && r.value === yen(1_000_000n))).toBe(true);
    // paid in January for December's two days, in February for January's three
    const jan = dueForPayment('jpy', rows, '2027-01-04');
    expect(jan.rows.map((r) => r.day)).toEqual(['2026-12-30', '2026-12-31']);
    expect(jan.amount).toBe(yen(200n));
    expect(dueForPayment('jpy', rows, '2026-12-31').amount).toBe(0n);
    expect(dueForPayment('jpy', rows, '2027-02-01').amount).toBe(yen(500n));
    expect(dueForPayment('jpy', rows, 'all').amount).toBe(yen(500n));
  });

  test('the closes a loan earns: lent before the close, up to now, none accrued twice', () => {
    const lent = at('2026-11-24T10:00:00+09:00'); // Tuesday, in the session
    const fri = at('2026-11-27T16:00:00+09:00');
    expect(closesToAccrue('jpy', lent, fri, null, tokyo)).toEqual([
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
    ]);
    expect(closesToAccrue('jpy', lent, fri, '2026-11-25', tokyo)).toEqual(['2026-11-26', '2026-11-27']);
    // lent after Tuesday's close: from Wednesday
    expect(closesToAccrue('jpy', at('2026-11-24T15:45:00+09:00'), fri, null, tokyo)[0]).toBe('2026-11-25');
    // before Friday's close, Friday is not due yet
    expect(closesToAccrue('jpy', lent, at('2026-11-27T15:00:00+09:00'), null, tokyo)).toHaveLength(3);
    // lent on the holiday: nothing until Tuesday's close
    expect(
      closesToAccrue('jpy', at('2026-11-23T12:00:00+09:00'), at('2026-11-24T15:00:00+09:00'), null, tokyo),
    ).toEqual([]);
  });

  test('property: consecutive closes cover every calendar day once, and fees add up over months', () => {
    const start = Date.UTC(2025, 0, 1);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 700 }),
        fc.integer({ min: 1, max: 120 }),
        fc.bigInt({ min: 1n, max: 100_000n }),
        fc.bigInt({ min: 1n, max: 50_000n }),
        fc.integer({ min: 0, max: 120 }),
        (offset, span, price, rate, payOffset) => {
          const from = nextTradingDay(
            'jpy',
            new Date(start + offset * 86_400_000).toISOString().slice(0, 10),
          );
          const to = addDays(from, span);
          const closes = tradingDaysBetween('jpy', from, to);
          const rows = closes.flatMap((d) => accrueClose('jpy', d, yen(price), 100n, rate));
          const days = rows.map((r) => r.day);
          // every calendar day from the first close to the day before the next trading day, once
          const end = nextTradingDay('jpy', closes[closes.length - 1]);
          const expected: string[] = [];
          for (let d = from; d < end; d = addDays(d, 1)) expected.push(d);
          expect(days).toEqual(expected);
          // each day's fee is the exact fee at the ledger scale (truncated below 0.0001)
          const exact = (yen(price) * 100n * rate) / (1_000_000n * 365n);
          for (const r of rows) expect(r.fee).toBe(exact);
          // a monthly run pays the earlier months' sum rounded once, down to the yen (less than a yen lost)
          const today = addDays(from, payOffset);
          const due = dueForPayment('jpy', rows, today);
          const earned = due.rows.reduce((s, r) => s + r.fee, 0n);
          expect(due.amount % UNIT).toBe(0n);
          expect(earned - due.amount >= 0n && earned - due.amount < UNIT).toBe(true);
          const left = rows.filter((r) => !due.rows.includes(r));
          expect(due.rows.every((r) => monthOf(r.day) < monthOf(today))).toBe(true);
          expect(left.every((r) => monthOf(r.day) >= monthOf(today))).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });

  test('next month start', () => {
    expect(nextMonthStart('2026-11-24')).toBe('2026-12-01');
    expect(nextMonthStart('2026-12-31')).toBe('2027-01-01');
  });
});
