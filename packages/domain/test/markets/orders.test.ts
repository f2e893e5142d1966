import { describe, expect, it } from 'vitest';
import {
  callPoints,
  checkValidUntil,
  continuousFill,
  crosses,
  lastValidDay,
  lockedAgainst,
  nextCallPoint,
  orderSession,
  stopAllocation,
} from '../../src/markets/index.ts';

const at = (iso: string) => Date.parse(iso);

describe('order book rules', () => {
  it('names each market’s call points: opens (Tokyo’s afternoon too) and the close', () => {
    const hm = (p: { at: number; kind: string }) => `${p.kind}@${new Date(p.at).toISOString().slice(11, 16)}`;
    expect(callPoints('jpy', '2026-11-24').map(hm)).toEqual(['open@00:00', 'open@03:30', 'close@06:30']);
    expect(callPoints('usd', '2026-11-24').map(hm)).toEqual(['open@14:30', 'close@21:00']);
    expect(callPoints('cny', '2026-11-24').map(hm)).toEqual(['open@01:30', 'open@05:00', 'close@07:00']);
    expect(callPoints('jpy', '2026-11-23')).toEqual([]); // Labour Thanksgiving Day
  });

  it('sends an order placed outside continuous trading to the next call', () => {
    const wait = (t: string, timing: 'any' | 'open' | 'close' = 'any') => {
      const s = orderSession('jpy', at(t), timing);
      return s.continuous ? 'now' : new Date(s.waitsFor.at).toISOString();
    };
    expect(wait('2026-11-24T08:30:00+09:00')).toBe('2026-11-24T00:00:00.000Z');
    expect(wait('2026-11-24T12:00:00+09:00')).toBe('2026-11-24T03:30:00.000Z');
    expect(wait('2026-11-24T15:27:00+09:00')).toBe('2026-11-24T06:30:00.000Z');
    expect(wait('2026-11-24T20:00:00+09:00')).toBe('2026-11-25T00:00:00.000Z');
    // Friday evening waits for Monday; the open itself is continuous trading
    expect(wait('2026-11-27T20:00:00+09:00')).toBe('2026-11-30T00:00:00.000Z');
    expect(wait('2026-11-24T09:00:00+09:00')).toBe('now');
    expect(wait('2026-11-24T10:00:00+09:00', 'close')).toBe('2026-11-24T06:30:00.000Z');
    expect(wait('2026-11-24T10:00:00+09:00', 'open')).toBe('2026-11-24T03:30:00.000Z');
    expect(nextCallPoint('usd', at('2026-11-24T20:00:00-05:00')).at).toBe(at('2026-11-25T09:30:00-05:00'));
  });

  it('crosses, fills at the market never past the limit, and knows the locked side', () => {
    expect(crosses(1, null, 5n)).toBe(true);
    expect(crosses(1, 100n, 100n)).toBe(true);
    expect(crosses(1, 100n, 101n)).toBe(false);
    expect(crosses(2, 100n, 99n)).toBe(false);
    expect(continuousFill(1, 110n, 100n)).toBe(100n);
    expect(continuousFill(2, 90n, 100n)).toBe(100n);
    expect(continuousFill(1, 90n, 100n)).toBe(null);
    expect(lockedAgainst(1, 130n, { up: 130n, down: 70n })).toBe(true);
    expect(lockedAgainst(2, 130n, { up: 130n, down: 70n })).toBe(false);
    expect(lockedAgainst(2, 70n, { up: 130n, down: 70n })).toBe(true);
    expect(lockedAgainst(1, 130n, { up: null, down: null })).toBe(false);
  });

  it('allocates a locked close pro rata, the rounding’s shares by largest remainder then time', () => {
    expect(stopAllocation([100n, 200n, 100n], 200n)).toEqual([50n, 100n, 50n]);
    expect(stopAllocation([100n, 200n], 1000n)).toEqual([100n, 200n]);
    expect(stopAllocation([1n, 1n, 1n], 2n)).toEqual([1n, 1n, 0n]);
    expect(stopAllocation([3n, 3n, 4n], 5n)).toEqual([2n, 1n, 2n]);
    expect(stopAllocation([5n, 5n], 0n)).toEqual([0n, 0n]);
    for (const [qs, v] of [
      [[7n, 13n, 29n, 1n], 17n],
      [[100n, 1n], 50n],
    ] as const) {
      const got = stopAllocation(qs, v);
      expect(got.reduce((a, b) => a + b, 0n)).toBe(v);
      expect(got.every((g, i) => g <= qs[i])).toBe(true);
    }
  });

  it('bounds an until-date order to 15 trading days from its first session', () => {
    expect(lastValidDay('jpy', '2026-11-24')).toBe('2026-12-14');
    expect(checkValidUntil('jpy', '2026-11-24', '2026-12-14')).toBe(true);
    expect(checkValidUntil('jpy', '2026-11-24', '2026-12-15')).toBe(false);
    expect(checkValidUntil('jpy', '2026-11-24', '2026-11-23')).toBe(false);
  });
});
