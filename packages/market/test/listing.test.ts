import { ipoFirstPrice, ManualClock, parseUnits } from '@kabuto/domain';
import { describe, expect, test } from 'vitest';
import { createSimulator, type Instrument } from '../src/index.ts';
import { at } from './support.ts';

const offer = parseUnits('1500') as bigint;
const listing = (first: bigint): Instrument => ({
  symbol: '5599',
  kind: 'stock',
  market: 'jpy',
  board: 'tse_growth',
  tickTable: 'tse_general',
  names: { jp: 'カブトテック', cn: '甲虫科技', us: 'Kabuto Tech' },
  sharesOutstanding: 10_000_000n,
  refPrice: first,
  listed: '2026-11-24',
  sim: { listingOpen: first, listingBase: offer },
});

describe('a new listing added while running', () => {
  test('is unknown, then quoted, searched and listed from its first price', () => {
    const clock = new ManualClock(at('2026-11-24T10:30:00+09:00'));
    const sim = createSimulator({ clock, seed: 'listing' });
    const first = ipoFirstPrice('ab'.repeat(16), 'jpy', offer, 'tse_general');
    expect(sim.instrument('5599')).toBeUndefined();
    expect(sim.quote('5599')).toBeNull();
    const before = sim.instruments('jpy').length;
    sim.addInstrument(listing(first));
    expect(sim.instruments('jpy')).toHaveLength(before + 1);
    expect(sim.search('カブトテック', 'jpy').map((i) => i.symbol)).toContain('5599');
    const q = sim.quote('5599')!;
    expect(q.open).toBe(first);
    // the listing day is measured from the offer price (公開価格), not from the first trade
    expect(q.preClose).toBe(offer);
    expect(q.change).toBe(q.price - offer);
    // the next trading day's base is the listing day's close
    const next = sim.quoteAt('5599', at('2026-11-25T10:30:00+09:00'))!;
    expect(next.preClose).toBe(sim.quoteAt('5599', at('2026-11-24T15:45:00+09:00'))!.price);
    expect(q.price > 0n).toBe(true);
    // no history before its listing day
    expect(sim.quoteAt('5599', at('2026-11-20T10:30:00+09:00'))).toBeNull();
    expect(() => sim.addInstrument(listing(first))).toThrow(/duplicate/);
    sim.close();
  });
});
