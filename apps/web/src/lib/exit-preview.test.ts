import { stepExit } from '@kabuto/domain';
import { describe, expect, it } from 'vitest';
import { emptyExit, exitIncomplete, exitLegs, exitWireFields, previewExit } from './exit-preview.ts';

const yen = (n: number) => BigInt(Math.round(n * 10_000));

describe('the exit preview', () => {
  it('reads each leg’s trigger level and fill by the domain’s rules', () => {
    const oco = { ...emptyExit(), kind: 'oco' as const, limit: '1100', stop: '900' };
    expect(previewExit(1, oco, yen(1000))).toEqual([
      { kind: 'limit', level: yen(1100), now: false, fillAt: yen(1100) },
      { kind: 'stop', level: yen(900), now: false, fillAt: null },
    ]);
    // at 890 the stop has been reached already: it would act at once
    expect(previewExit(1, oco, yen(890))?.[1].now).toBe(true);
    // a short's stop is above: at 1,000 a stop at 900 acts at once (it buys to cover)
    expect(previewExit(2, { ...oco, kind: 'stop' }, yen(1000))?.[0].now).toBe(true);
  });

  it('places a trailing stop’s level from the reference price, by an amount or a percent', () => {
    const byYen = { ...emptyExit(), kind: 'trail' as const, trail: '50' };
    expect(previewExit(1, byYen, yen(1000))?.[0].level).toBe(yen(950));
    expect(previewExit(2, byYen, yen(1000))?.[0].level).toBe(yen(1050));
    const byPct = { ...byYen, trail: '5', trailPct: true };
    expect(previewExit(1, byPct, yen(1000))?.[0].level).toBe(yen(950));
    // the same state as the server's stepExit sees
    const [leg] = exitLegs(1, byPct) ?? [];
    expect(stepExit(leg, yen(949)).fired).toBe(false);
    expect(stepExit(leg, yen(1000)).state.extreme).toBe(yen(1000));
    expect(exitWireFields(byPct)).toEqual({ trailPct: '5.0000' });
    expect(exitWireFields(byYen)).toEqual({ trail: '50.0000' });
  });

  it('needs the prices its kind uses', () => {
    expect(exitIncomplete(1, { ...emptyExit(), kind: 'stop_limit', stop: '900' })).toBe(true);
    expect(exitIncomplete(1, { ...emptyExit(), kind: 'stop_limit', stop: '900', limit: '890' })).toBe(false);
    expect(exitIncomplete(1, { ...emptyExit(), kind: 'trail', trail: '100', trailPct: true })).toBe(true);
    expect(exitIncomplete(1, emptyExit())).toBe(false);
  });
});
