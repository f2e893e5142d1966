import { describe, expect, test } from 'vitest';
import {
  APPLICATION,
  BLOCK_SUBSCRIPTION,
  type CodedMachine,
  codedMachine,
  IllegalTransitionError,
  LOAN,
  LOAN_CODE,
  LOAN_STATE,
  OFFERING,
  REVIEW,
  REVIEW_CODE,
  REVIEW_STATE,
  statusMachine,
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

describe('a machine read through its numeric codes', () => {
  const DOOR = codedMachine(
    statusMachine<'shut' | 'open' | 'gone'>('door', { shut: ['open', 'gone'], open: ['shut'], gone: [] }),
    { shut: 0, open: 1, gone: 2 } as const,
  );
  test('moves along the named machine, by code', () => {
    expect(DOOR.move(0, 1)).toBe(1);
    expect(DOOR.move(1, 0)).toBe(0);
    expect(DOOR.can(0, 2)).toBe(true);
    expect(DOOR.can(1, 2)).toBe(false);
    expect(() => DOOR.move(2, 0)).toThrow('door: no transition from status 2 to 0');
  });
  test('a code of no state moves nowhere', () => {
    expect(DOOR.is(1)).toBe(true);
    expect(DOOR.is(7)).toBe(false);
    expect(DOOR.can(7, 1)).toBe(false);
    expect(() => DOOR.move(7, 1)).toThrow(IllegalTransitionError);
  });
  test('the products machines: every code names a state of their machine', () => {
    for (const m of [OFFERING, APPLICATION, BLOCK_SUBSCRIPTION] as CodedMachine<string, number>[])
      for (const s of m.machine.states) expect(m.is(m.code[s])).toBe(true);
  });
});
