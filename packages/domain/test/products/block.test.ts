import { describe, expect, it } from 'vitest';
import {
  afterMarketWindow,
  canMoveBlockSubscription,
  decidedStatus,
  IllegalTransitionError,
  isAfterMarketOpen,
  isBlockWindowOpen,
  moveBlockSubscription,
  BLOCK_SUBSCRIPTION_STATUS as S,
} from '../../src/index.ts';

const jst = (iso: string) => Date.parse(`${iso}+09:00`);
const HOURS = { from: '15:40', to: '16:30' };

describe('block subscription status machine', () => {
  it('a pending subscription is decided once: allocated or refunded', () => {
    expect(moveBlockSubscription(S.pending, S.allocated)).toBe(S.allocated);
    expect(moveBlockSubscription(S.pending, S.refunded)).toBe(S.refunded);
  });
  it('decided subscriptions are final; unknown statuses move nowhere', () => {
    for (const from of [S.allocated, S.refunded])
      for (const to of [S.pending, S.allocated, S.refunded]) {
        expect(canMoveBlockSubscription(from, to)).toBe(false);
        expect(() => moveBlockSubscription(from, to)).toThrow(IllegalTransitionError);
      }
    expect(() => moveBlockSubscription(7, S.allocated)).toThrow(IllegalTransitionError);
    expect(() => moveBlockSubscription(S.pending, S.pending)).toThrow(IllegalTransitionError);
  });
  it('decides allocated when any share was allocated, refunded otherwise', () => {
    expect(decidedStatus(100n)).toBe(S.allocated);
    expect(decidedStatus(0n)).toBe(S.refunded);
  });
  it('the offering window includes its start and excludes its end', () => {
    expect(isBlockWindowOpen(1000, 2000, 999)).toBe(false);
    expect(isBlockWindowOpen(1000, 2000, 1000)).toBe(true);
    expect(isBlockWindowOpen(1000, 2000, 1999)).toBe(true);
    expect(isBlockWindowOpen(1000, 2000, 2000)).toBe(false);
  });
});

describe('after-market window', () => {
  // 2026-11-24 is a Tuesday, a Tokyo business day (the close is 15:30).
  it('opens at the cut-off start after the close and shuts at its end, on business days', () => {
    expect(isAfterMarketOpen('jpy', jst('2026-11-24T15:39:59'), HOURS)).toBe(false);
    expect(isAfterMarketOpen('jpy', jst('2026-11-24T15:40:00'), HOURS)).toBe(true);
    expect(isAfterMarketOpen('jpy', jst('2026-11-24T16:29:59'), HOURS)).toBe(true);
    expect(isAfterMarketOpen('jpy', jst('2026-11-24T16:30:00'), HOURS)).toBe(false);
    expect(isAfterMarketOpen('jpy', jst('2026-11-24T10:00:00'), HOURS)).toBe(false);
  });
  it('is shut on weekends and exchange holidays', () => {
    // Saturday, and Labour Thanksgiving Day (2026-11-23, a Monday)
    expect(isAfterMarketOpen('jpy', jst('2026-11-21T16:00:00'), HOURS)).toBe(false);
    expect(isAfterMarketOpen('jpy', jst('2026-11-23T16:00:00'), HOURS)).toBe(false);
    expect(afterMarketWindow('jpy', jst('2026-11-23T16:00:00'), HOURS)).toBeNull();
  });
  it('never opens before the close, whatever hours are configured', () => {
    const w = afterMarketWindow('jpy', jst('2026-11-24T12:00:00'), { from: '14:00', to: '16:00' });
    expect(w?.start).toBe(jst('2026-11-24T15:30:00'));
    expect(isAfterMarketOpen('jpy', jst('2026-11-24T14:30:00'), { from: '14:00', to: '16:00' })).toBe(false);
    expect(afterMarketWindow('jpy', jst('2026-11-24T16:00:00'), { from: '16:30', to: '16:00' })).toBeNull();
  });
});
