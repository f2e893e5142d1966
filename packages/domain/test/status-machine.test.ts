import { describe, expect, test } from 'vitest';
import {
  IllegalTransitionError,
  LOAN,
  LOAN_CODE,
  LOAN_STATE,
  REVIEW,
  REVIEW_CODE,
  REVIEW_STATE,
} from '../src/index.ts';

describe('review status machine', () => {
  test('pending is decided once, either way', () => {
    expect(REVIEW.move('pending', 'approved')).toBe('approved');
    expect(REVIEW.move('pending', 'rejected')).toBe('rejected');
    expect(REVIEW.next('pending')).toEqual(['approved', 'rejected']);
    expect(REVIEW.isFinal('approved')).toBe(true);
    expect(REVIEW.isFinal('rejected')).toBe(true);
  });

  test('a decided review cannot be decided again: an error', () => {
    for (const from of ['approved', 'rejected'] as const)
      for (const to of REVIEW.states) {
        expect(REVIEW.can(from, to)).toBe(false);
        expect(() => REVIEW.move(from, to)).toThrow(IllegalTransitionError);
      }
    expect(() => REVIEW.move('pending', 'pending')).toThrow(
      'review: no transition from status pending to pending',
    );
  });

  test('codes and names agree', () => {
    for (const s of REVIEW.states) expect(REVIEW_STATE[REVIEW_CODE[s]]).toBe(s);
  });
});

describe('loan status machine', () => {
  test('applied → approved → repaid, or rejected', () => {
    expect(LOAN.move('pending', 'approved')).toBe('approved');
    expect(LOAN.move('approved', 'repaid')).toBe('repaid');
    expect(LOAN.move('pending', 'rejected')).toBe('rejected');
    expect(LOAN.isFinal('repaid')).toBe(true);
    expect(LOAN.isFinal('approved')).toBe(false);
  });

  test('illegal transitions are errors', () => {
    const illegal: [string, string][] = [
      ['pending', 'repaid'],
      ['rejected', 'approved'],
      ['rejected', 'repaid'],
      ['repaid', 'approved'],
      ['repaid', 'pending'],
      ['approved', 'rejected'],
      ['approved', 'pending'],
    ];
    for (const [from, to] of illegal) {
      expect(LOAN.can(from as never, to as never)).toBe(false);
      expect(() => LOAN.move(from as never, to as never)).toThrow(IllegalTransitionError);
    }
  });

  test('codes and names agree', () => {
    for (const s of LOAN.states) expect(LOAN_STATE[LOAN_CODE[s]]).toBe(s);
  });
});
