import { describe, expect, test } from 'vitest';
import { daysBorrowed, interestFor } from '../../src/index.ts';
import { u } from './fixtures.ts';

describe('loan interest', () => {
  test('principal × annual rate × days / 365, rounded up to the minor unit', () => {
    expect(interestFor(u('100000'), 80_000n, 1, 'jpy')).toBe(u('22')); // 21.92 → 22
    expect(interestFor(u('365000'), 80_000n, 365, 'jpy')).toBe(u('29200'));
    expect(interestFor(u('1000'), 80_000n, 1, 'usd')).toBe(u('0.22')); // 0.2192 → 0.22
    expect(interestFor(u('1'), 0n, 10, 'jpy')).toBe(0n);
    // any fraction is charged as a whole minor unit
    expect(interestFor(u('1'), 1n, 1, 'jpy')).toBe(u('1'));
  });

  test('days: counted from the payout, a started day counts, at least one', () => {
    const from = new Date(Date.parse('2026-11-24T10:00:00Z'));
    expect(daysBorrowed(from, from.getTime())).toBe(1);
    expect(daysBorrowed(from, from.getTime() + 3_600_000)).toBe(1);
    expect(daysBorrowed(from, from.getTime() + 86_400_000)).toBe(1);
    expect(daysBorrowed(from, from.getTime() + 86_400_001)).toBe(2);
    expect(daysBorrowed(from, from.getTime() + 30 * 86_400_000)).toBe(30);
  });
});
