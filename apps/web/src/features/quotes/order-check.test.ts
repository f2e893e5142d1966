import { type InstrumentSpec, parseUnits, priceLimits } from '@kabuto/domain';
import { describe, expect, it } from 'vitest';
import { limitPriceProblem, stepLimitPrice } from './order-check.ts';

const u = (s: string): bigint => {
  const v = parseUnits(s);
  if (v === null) throw new Error(s);
  return v;
};
const topix: InstrumentSpec = { market: 'jpy', board: 'tse_prime', tickTable: 'tse_topix500' };
const D = '2026-11-24';

describe('the order sheet’s limit-price check (the domain’s checkOrderPrice)', () => {
  // a TOPIX500 stock trading at ¥2,999.5: the quote's tick is ¥0.5
  const limits = priceLimits(topix, u('2999.5'), D);

  it('refuses ¥3,000.5 on a TOPIX500 stock, naming the ¥1 tick of its band', () => {
    expect(limitPriceProblem(topix, u('3000.5'), limits, D)).toEqual({ kind: 'offTick', tick: u('1') });
  });

  it('accepts ¥2,999.5 and ¥3,001, and refuses ¥4,000.5', () => {
    expect(limitPriceProblem(topix, u('2999.5'), limits, D)).toBeNull();
    expect(limitPriceProblem(topix, u('3001'), limits, D)).toBeNull();
    expect(limitPriceProblem(topix, u('4000.5'), priceLimits(topix, u('4000'), D), D)).toEqual({
      kind: 'offTick',
      tick: u('1'),
    });
  });

  it('refuses a price beyond the day’s limits and an empty one', () => {
    expect(limitPriceProblem(topix, u('3500'), limits, D)).toEqual({ kind: 'beyondLimit' });
    expect(limitPriceProblem(topix, null, limits, D)).toEqual({ kind: 'enterPrice' });
    expect(limitPriceProblem(topix, 0n, limits, D)).toEqual({ kind: 'enterPrice' });
  });

  it('steps along the grid across a band', () => {
    expect(stepLimitPrice(topix, u('2999.5'), 1, D)).toBe(u('3000'));
    expect(stepLimitPrice(topix, u('3000'), 1, D)).toBe(u('3001'));
    expect(stepLimitPrice(topix, u('3001'), -2, D)).toBe(u('2999.5'));
  });
});
