import { describe, expect, test } from 'vitest';
import { FX_RATE_SCALE, formatFxRate, fxConvert, fxQuote } from '../../src/index.ts';
import { FLAT_FX, u } from './fixtures.ts';

describe('FX maths', () => {
  test('mid from the reference rates, the spread taken off, rounded down', () => {
    const q = fxQuote(FLAT_FX, 'usd', 'jpy', 0);
    expect(q.mid).toBe(155n * FX_RATE_SCALE);
    expect(q.spreadPpm).toBe(3000n);
    expect(formatFxRate(q.rate)).toBe('154.5350');
    // 100 USD → 15,453.50 yen → paid out in whole yen, rounded down
    expect(fxConvert(u('100'), q)).toBe(u('15453'));
  });

  test('the other way: yen to dollars at 1/155 less the spread, to the cent, down', () => {
    const q = fxQuote(FLAT_FX, 'jpy', 'usd', 0);
    expect(formatFxRate(q.mid)).toBe('0.006451612903');
    expect(fxConvert(u('50000'), q)).toBe(u('321.61'));
    expect(fxConvert(u('1'), q)).toBe(0n);
  });

  test('the simulated feed moves within its amplitude and is the same within a minute', () => {
    const s = { ...FLAT_FX, fx_wobble: '1.00' };
    const a = fxQuote(s, 'usd', 'jpy', 60_000 * 1000);
    expect(fxQuote(s, 'usd', 'jpy', 60_000 * 1000 + 59_999).mid).toBe(a.mid);
    for (let m = 0; m < 500; m += 7) {
      const mid = fxQuote(s, 'usd', 'jpy', m * 60_000).mid;
      expect(mid).toBeGreaterThanOrEqual((15345n * FX_RATE_SCALE) / 100n);
      expect(mid).toBeLessThanOrEqual((15655n * FX_RATE_SCALE) / 100n);
    }
  });

  test('rates print with at least 4 decimals', () => {
    expect(formatFxRate(155n * FX_RATE_SCALE)).toBe('155.0000');
    expect(formatFxRate(FX_RATE_SCALE / 8n)).toBe('0.1250');
  });
});
