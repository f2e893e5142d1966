import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  continuousEnd,
  DAY_TRADE,
  DAY_TRADE_CODE,
  DAY_TRADE_STATE,
  dayTradeDate,
  dayTradeSettlement,
  dayTradeStateOf,
  forcedCloseAt,
  IllegalTransitionError,
  isDayTradeOver,
  lineAllows,
  lineRemaining,
  lineUsed,
} from '../../src/index.ts';

const jst = (iso: string) => Date.parse(`${iso}+09:00`);

describe('day-trade application status machine', () => {
  it('review → approved → trading → complete; review → rejected; approved or review → failed', () => {
    expect(DAY_TRADE.move('review', 'approved')).toBe('approved');
    expect(DAY_TRADE.move('review', 'rejected')).toBe('rejected');
    expect(DAY_TRADE.move('review', 'failed')).toBe('failed');
    expect(DAY_TRADE.move('approved', 'trading')).toBe('trading');
    expect(DAY_TRADE.move('approved', 'failed')).toBe('failed');
    expect(DAY_TRADE.move('trading', 'complete')).toBe('complete');
  });
  it('final states move nowhere, and no state skips a step', () => {
    for (const s of ['rejected', 'complete', 'failed'] as const) {
      expect(DAY_TRADE.isFinal(s)).toBe(true);
      for (const to of DAY_TRADE.states) expect(() => DAY_TRADE.move(s, to)).toThrow(IllegalTransitionError);
    }
    expect(DAY_TRADE.can('review', 'trading')).toBe(false);
    expect(DAY_TRADE.can('review', 'complete')).toBe(false);
    expect(DAY_TRADE.can('trading', 'failed')).toBe(false);
    expect(DAY_TRADE.can('approved', 'rejected')).toBe(false);
  });
  it('codes are the wire’s: 0 in review … 5 failed, and names and codes agree', () => {
    expect(DAY_TRADE_CODE).toEqual({
      review: 0,
      approved: 1,
      rejected: 2,
      trading: 3,
      complete: 4,
      failed: 5,
    });
    for (const s of DAY_TRADE.states) expect(DAY_TRADE_STATE[DAY_TRADE_CODE[s]]).toBe(s);
    expect(dayTradeStateOf(3)).toBe('trading');
    expect(() => dayTradeStateOf(9)).toThrow(RangeError);
  });
});

describe('the day-trade line', () => {
  it('allows a position while the open margins stay within the approved amount', () => {
    expect(lineAllows(100_000n, [], 100_000n)).toBe(true);
    expect(lineAllows(100_000n, [60_000n], 40_000n)).toBe(true);
    expect(lineAllows(100_000n, [60_000n], 40_001n)).toBe(false);
    expect(lineAllows(100_000n, [], 0n)).toBe(false);
    expect(lineRemaining(100_000n, [60_000n, 10_000n])).toBe(30_000n);
    expect(lineRemaining(100_000n, [160_000n])).toBe(0n);
  });

  it('property: positions admitted one by one through lineAllows never exceed the line', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.array(fc.record({ margin: fc.bigInt({ min: 1n, max: 10n ** 12n }), close: fc.boolean() }), {
          maxLength: 60,
        }),
        (approved, attempts) => {
          const open: bigint[] = [];
          for (const a of attempts) {
            if (lineAllows(approved, open, a.margin)) open.push(a.margin);
            // some positions close along the way, freeing their margin
            if (a.close && open.length > 0) open.shift();
            expect(lineUsed(open)).toBeLessThanOrEqual(approved);
            expect(lineRemaining(approved, open)).toBe(approved - lineUsed(open));
          }
        },
      ),
    );
  });
});

describe('the settlement', () => {
  it('returns the line ± the realised P&L − the fees', () => {
    expect(dayTradeSettlement(100_000n, [])).toEqual({ payout: 100_000n, pnl: 0n });
    expect(
      dayTradeSettlement(100_000n, [
        { gross: 5_000n, fees: 300n },
        { gross: -2_000n, fees: 200n },
      ]),
    ).toEqual({ payout: 102_500n, pnl: 2_500n });
  });
  it('a loss beyond the line is not taken from cash: the payout stops at zero', () => {
    expect(dayTradeSettlement(10_000n, [{ gross: -50_000n, fees: 100n }])).toEqual({
      payout: 0n,
      pnl: -10_000n,
    });
  });
  it('property: payout is never negative, never a loss beyond the line, and pnl = payout − line', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.array(
          fc.record({
            gross: fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
            fees: fc.bigInt({ min: 0n, max: 10n ** 9n }),
          }),
          { maxLength: 30 },
        ),
        (approved, trades) => {
          const s = dayTradeSettlement(approved, trades);
          expect(s.payout >= 0n).toBe(true);
          expect(s.pnl >= -approved).toBe(true);
          expect(s.pnl).toBe(s.payout - approved);
          const gains = trades.reduce((sum, t) => sum + (t.gross > 0n ? t.gross : 0n), 0n);
          expect(s.payout <= approved + gains).toBe(true);
          // without a wipe-out the payout is exactly the line plus the net P&L
          let line = approved;
          let wiped = false;
          for (const t of trades) {
            line += t.gross - t.fees;
            if (line < 0n) wiped = true;
          }
          if (!wiped) expect(s.payout).toBe(line);
        },
      ),
    );
  });
});

describe('the trading day and its forced close', () => {
  // 2026-11-24 is a Tuesday, a Tokyo business day: continuous trading ends 15:25 (closing auction to 15:30).
  it('the forced close comes the configured minutes before continuous trading ends', () => {
    const end = continuousEnd('jpy', '2026-11-24');
    expect(end).not.toBeNull();
    expect(forcedCloseAt('jpy', '2026-11-24', 10)).toBe((end as number) - 600_000);
    expect(forcedCloseAt('jpy', '2026-11-28', 10)).toBeNull(); // a Saturday
  });
  it('an application is for today before the forced close, for the next trading day after it', () => {
    const cut = forcedCloseAt('jpy', '2026-11-24', 10) as number;
    expect(dayTradeDate('jpy', jst('2026-11-24T09:30:00'), 10)).toBe('2026-11-24');
    expect(dayTradeDate('jpy', cut - 1, 10)).toBe('2026-11-24');
    expect(dayTradeDate('jpy', cut, 10)).toBe('2026-11-25');
    // Friday evening → Monday
    expect(dayTradeDate('jpy', jst('2026-11-27T20:00:00'), 10)).toBe('2026-11-30');
  });
  it('the day is over at its forced close (or once a closed date has passed)', () => {
    const cut = forcedCloseAt('jpy', '2026-11-24', 10) as number;
    expect(isDayTradeOver('jpy', '2026-11-24', 10, cut - 1)).toBe(false);
    expect(isDayTradeOver('jpy', '2026-11-24', 10, cut)).toBe(true);
    expect(isDayTradeOver('jpy', '2026-11-28', 10, jst('2026-11-28T12:00:00'))).toBe(false);
    expect(isDayTradeOver('jpy', '2026-11-28', 10, jst('2026-11-29T00:00:00'))).toBe(true);
  });
});
