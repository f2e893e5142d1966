import { describe, expect, test } from 'vitest';
import { creditTier, nextCreditTier, startingLoanLimit } from '../../src/index.ts';
import { u } from './fixtures.ts';

const tiers = [
  { score: 80, limit: '300000' },
  { score: 60, limit: '100000' },
  { score: 100, limit: '1000000' },
];

describe('starting loan limit (credit-score rule)', () => {
  test('the highest tier the score reaches, in yen', () => {
    const limit = (score: number) =>
      startingLoanLimit({ verified: true, score, tiers, currency: 'jpy', yenPerUnit: '1' });
    expect(limit(59)).toBe(0n);
    expect(limit(60)).toBe(u('100000'));
    expect(limit(79)).toBe(u('100000'));
    expect(limit(80)).toBe(u('300000'));
    expect(limit(1000)).toBe(u('1000000'));
  });

  test('unverified users get nothing, whatever their score', () => {
    expect(startingLoanLimit({ verified: false, score: 100, tiers, currency: 'jpy', yenPerUnit: '1' })).toBe(
      0n,
    );
  });

  test('other wallets: the yen amount at the reference rate, rounded down to the minor unit', () => {
    // ¥100,000 at ¥155/USD = 645.1612… → 645.16
    expect(startingLoanLimit({ verified: true, score: 60, tiers, currency: 'usd', yenPerUnit: '155' })).toBe(
      u('645.16'),
    );
    // ₩ has no minor unit: ¥100,000 at 0.11 = 909,090.9… → 909,090
    expect(startingLoanLimit({ verified: true, score: 60, tiers, currency: 'krw', yenPerUnit: '0.11' })).toBe(
      u('909090'),
    );
  });

  test('the next tier says how to raise the limit', () => {
    expect(creditTier(tiers, 85)?.score).toBe(80);
    expect(nextCreditTier(tiers, 85)?.score).toBe(100);
    expect(nextCreditTier(tiers, 100)).toBeUndefined();
    expect(nextCreditTier(tiers, 10)?.score).toBe(60);
  });
});
