import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  capacityLeft,
  closeOf,
  dailyPnl,
  followRefusal,
  holdingsFor,
  IllegalTransitionError,
  initialStakeState,
  lastClose,
  lockInEnd,
  NAV_ONE,
  navChangeBp,
  navOf,
  STAKE,
  settleDay,
  stakeValue,
  targetNavs,
  unitsFor,
  weightsProblem,
} from '../../src/index.ts';

const prices = (o: Record<string, bigint>) => new Map(Object.entries(o));
const yen = (n: number) => BigInt(n) * 10_000n;

describe('model portfolio NAV', () => {
  const weights = [
    { symbol: '7203', weightBp: 5000 },
    { symbol: '6758', weightBp: 3000 },
    { symbol: '9984', weightBp: 2000 },
  ];
  it('starts at 1.0000 and follows the prices by weight', () => {
    const p0 = prices({ '7203': yen(3000), '6758': yen(12000), '9984': yen(9000) });
    const h = holdingsFor(weights, NAV_ONE, p0);
    expect(NAV_ONE - navOf(h, p0)!).toBeLessThanOrEqual(1n);
    // 7203 up 10%, the rest flat: NAV up 5%
    const p1 = prices({ '7203': yen(3300), '6758': yen(12000), '9984': yen(9000) });
    expect(navOf(h, p1)).toBe(10_500n - (NAV_ONE - navOf(h, p0)!));
    expect(navOf(h, prices({ '7203': yen(3300) }))).toBeNull();
  });
  it('a rebalance at market prices keeps the NAV', () => {
    const p0 = prices({ '7203': yen(3000), '6758': yen(12000), '9984': yen(9000) });
    const p1 = prices({ '7203': yen(3600), '6758': yen(10000), '9984': yen(9900) });
    const nav1 = navOf(holdingsFor(weights, NAV_ONE, p0), p1)!;
    const re = holdingsFor(
      [
        { symbol: '7203', weightBp: 2500 },
        { symbol: '6758', weightBp: 7500 },
      ],
      nav1,
      p1,
    );
    expect(nav1 - navOf(re, p1)!).toBeLessThanOrEqual(1n);
  });
  it('refuses weights that are not a portfolio', () => {
    expect(weightsProblem([])).toBe('empty');
    expect(weightsProblem([{ symbol: 'A', weightBp: 10_000 }])).toBeNull();
    expect(weightsProblem([{ symbol: 'A', weightBp: 9000 }])).toBe('sum');
    expect(
      weightsProblem([
        { symbol: 'A', weightBp: 0 },
        { symbol: 'B', weightBp: 10_000 },
      ]),
    ).toBe('range');
    expect(
      weightsProblem([
        { symbol: 'A', weightBp: 5000 },
        { symbol: 'A', weightBp: 5000 },
      ]),
    ).toBe('duplicate');
    expect(() => holdingsFor([{ symbol: 'A', weightBp: 10_000 }], NAV_ONE, prices({}))).toThrow(RangeError);
  });
  it('NAV change in basis points', () => {
    expect(navChangeBp(10_000n, 10_123n)).toBe(123);
    expect(navChangeBp(10_000n, 9_877n)).toBe(-123);
    expect(navChangeBp(0n, 1n)).toBe(0);
  });
});

describe('stake and daily P&L', () => {
  it('units = amount / NAV, daily P&L = units × ΔNAV', () => {
    const units = unitsFor(yen(100_000), 12_500n); // NAV 1.2500
    expect(units).toBe(80_000n * 10_000n);
    expect(stakeValue(units, 12_500n)).toBe(yen(100_000));
    expect(dailyPnl(units, 12_500n, 12_600n)).toBe(yen(800)); // 80,000 units × 0.01
    expect(dailyPnl(units, 12_600n, 12_400n)).toBe(-yen(1600));
  });
  it('a gain goes to cash; a loss reduces the stake, never beyond it', () => {
    expect(settleDay(500n, 1000n)).toEqual({ booked: 500n, toCash: 500n, fromStake: 0n, stakeAfter: 1000n });
    expect(settleDay(-300n, 1000n)).toEqual({ booked: -300n, toCash: 0n, fromStake: 300n, stakeAfter: 700n });
    expect(settleDay(-3000n, 1000n)).toEqual({
      booked: -1000n,
      toCash: 0n,
      fromStake: 1000n,
      stakeAfter: 0n,
    });
    expect(() => settleDay(1n, -1n)).toThrow(RangeError);
    // with the yen's minor unit: a gain of ¥12.3456 pays ¥12, a loss of ¥12.3456 takes ¥13, capped at the stake
    expect(settleDay(123_456n, yen(1000), 10_000n)).toMatchObject({ toCash: yen(12), booked: yen(12) });
    expect(settleDay(-123_456n, yen(1000), 10_000n)).toMatchObject({ fromStake: yen(13), booked: -yen(13) });
    expect(settleDay(-123_456n, 50_000n, 10_000n)).toMatchObject({ fromStake: 50_000n, stakeAfter: 0n });
    // cents for dollars
    expect(settleDay(1_234n, 10_000n, 100n).toCash).toBe(1_200n);
  });

  const navPath = fc.array(fc.bigInt({ min: 1n, max: 100_000n }), { minLength: 2, maxLength: 60 });
  it('property: the daily P&L adds up to the change of the stake’s value', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 13n }), navPath, (amount, navs) => {
        const units = unitsFor(amount, navs[0]);
        let sum = 0n;
        for (let i = 1; i < navs.length; i++) sum += dailyPnl(units, navs[i - 1], navs[i]);
        expect(sum).toBe(stakeValue(units, navs.at(-1)!) - stakeValue(units, navs[0]));
        expect(stakeValue(units, navs[0])).toBeLessThanOrEqual(amount);
      }),
    );
  });
  it('property: booking every day, the stake never goes negative, cash never pays a loss, and cash + stake moves by the booked P&L', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), navPath, (amount, navs) => {
        const units = unitsFor(amount, navs[0]);
        let stake = amount;
        let cashIn = 0n;
        let booked = 0n;
        let clamped = false;
        for (let i = 1; i < navs.length; i++) {
          const pnl = dailyPnl(units, navs[i - 1], navs[i]);
          const s = settleDay(pnl, stake);
          expect(s.toCash).toBeGreaterThanOrEqual(0n);
          expect(s.fromStake).toBeGreaterThanOrEqual(0n);
          expect(s.fromStake).toBeLessThanOrEqual(stake);
          if (s.booked !== pnl) clamped = true;
          stake = s.stakeAfter;
          cashIn += s.toCash;
          booked += s.booked;
          expect(stake).toBeGreaterThanOrEqual(0n);
        }
        expect(cashIn + (stake - amount)).toBe(booked);
        if (!clamped) expect(booked).toBe(stakeValue(units, navs.at(-1)!) - stakeValue(units, navs[0]));
      }),
    );
  });
});

describe('stake status machine', () => {
  it('locked → following → ended; ended is final', () => {
    expect(initialStakeState(7)).toBe('locked');
    expect(initialStakeState(0)).toBe('following');
    expect(STAKE.move('locked', 'following')).toBe('following');
    expect(STAKE.move('following', 'ended')).toBe('ended');
    expect(STAKE.move('locked', 'ended')).toBe('ended');
    expect(() => STAKE.move('ended', 'following')).toThrow(IllegalTransitionError);
    expect(() => STAKE.move('following', 'locked')).toThrow(IllegalTransitionError);
    expect(STAKE.isFinal('ended')).toBe(true);
  });
  it('the lock-in ends N calendar days after following', () => {
    expect(lockInEnd(0, 3)).toBe(3 * 86_400_000);
  });
});

describe('follow checks', () => {
  const terms = {
    listed: true,
    deadlineMs: 1000,
    endsMs: 5000,
    minimum: 100n,
    capacity: 1000n,
    raised: 800n,
  };
  it('in order: listed, deadline, minimum, capacity', () => {
    expect(followRefusal(terms, 150n, 0)).toBeNull();
    expect(followRefusal({ ...terms, listed: false }, 150n, 0)).toBe('product.delisted');
    expect(followRefusal(terms, 150n, 5000)).toBe('product.delisted');
    expect(followRefusal(terms, 150n, 1000)).toBe('product.deadlinePassed');
    expect(followRefusal(terms, 99n, 0)).toBe('product.belowMinimum');
    expect(followRefusal(terms, 201n, 0)).toBe('product.capacityExceeded');
    expect(followRefusal(terms, 200n, 0)).toBeNull();
    expect(capacityLeft({ capacity: 1n, raised: 5n })).toBe(0n);
  });
});

describe('target line and closes', () => {
  it('compounds the daily target per trading day', () => {
    expect(targetNavs(10_000n, 100, 3)).toEqual([10_000n, 10_100n, 10_201n]);
    expect(targetNavs(10_000n, -100, 2)).toEqual([10_000n, 9_900n]);
  });
  it('the last close: today once the session has ended, else the trading day before', () => {
    const jst = (iso: string) => Date.parse(`${iso}+09:00`);
    // Friday 2026-11-20, Tokyo closes 15:30
    expect(lastClose('jpy', jst('2026-11-20T16:00')).date).toBe('2026-11-20');
    expect(lastClose('jpy', jst('2026-11-20T10:00')).date).toBe('2026-11-19');
    // the weekend: Friday's close
    expect(lastClose('jpy', jst('2026-11-22T12:00'))).toEqual({
      date: '2026-11-20',
      at: closeOf('jpy', '2026-11-20'),
    });
    expect(closeOf('jpy', '2026-11-22')).toBeNull();
  });
});
