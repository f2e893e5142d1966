import { describe, expect, it } from 'vitest';
import { IllegalTransitionError } from '../../src/positions.ts';
import {
  APPLICATION_STATUS as A,
  canMoveApplication,
  canMoveOffering,
  moveApplication,
  moveOffering,
  OFFERING_STATE as O,
  offeringPhase,
} from '../../src/products/ipo.ts';

describe('offering status machine', () => {
  it('draws, lists and cancels only along its moves', () => {
    expect(moveOffering(O.scheduled, O.drawn)).toBe(O.drawn);
    expect(moveOffering(O.drawn, O.listed)).toBe(O.listed);
    expect(moveOffering(O.scheduled, O.cancelled)).toBe(O.cancelled);
    expect(() => moveOffering(O.drawn, O.cancelled)).toThrow(IllegalTransitionError);
    expect(() => moveOffering(O.scheduled, O.listed)).toThrow(IllegalTransitionError);
    expect(() => moveOffering(O.listed, O.drawn)).toThrow(IllegalTransitionError);
    expect(() => moveOffering(O.cancelled, O.scheduled)).toThrow(IllegalTransitionError);
    expect(canMoveOffering(O.drawn, O.drawn)).toBe(false);
    expect(canMoveOffering(9, O.drawn)).toBe(false);
  });

  it('reads its phase from the clock: upcoming, subscribing, ended', () => {
    const o = { state: O.scheduled, startMs: 1000, endMs: 2000 };
    expect(offeringPhase(o, 999)).toBe(0);
    expect(offeringPhase(o, 1000)).toBe(1);
    expect(offeringPhase(o, 1999)).toBe(1);
    expect(offeringPhase(o, 2000)).toBe(2);
    expect(offeringPhase({ ...o, state: O.cancelled }, 1500)).toBe(2);
    expect(offeringPhase({ ...o, state: O.drawn }, 500)).toBe(2);
  });
});

describe('application status machine', () => {
  const all = Object.values(A);
  const legal: [number, number][] = [
    [A.applied, A.held],
    [A.applied, A.paid],
    [A.applied, A.notWon],
    [A.applied, A.abstained],
    [A.held, A.paid],
    [A.held, A.notWon],
    [A.held, A.abstained],
    [A.paid, A.abstained],
    [A.paid, A.listed],
  ];
  it('allows exactly its moves; every other move throws', () => {
    for (const from of all)
      for (const to of all) {
        const ok = legal.some(([f, t]) => f === from && t === to);
        expect(canMoveApplication(from, to)).toBe(ok);
        if (ok) expect(moveApplication(from, to)).toBe(to);
        else expect(() => moveApplication(from, to)).toThrow(IllegalTransitionError);
      }
  });
  it('keeps not won, abstained and listed final', () => {
    for (const s of [A.notWon, A.abstained, A.listed])
      for (const to of all) expect(canMoveApplication(s, to)).toBe(false);
    expect(canMoveApplication(42, A.held)).toBe(false);
  });
});
