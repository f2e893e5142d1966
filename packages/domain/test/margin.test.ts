import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  allowedLeverage,
  capText,
  clampLeverage,
  DEFAULT_LEVERAGE_LISTS,
  isShortable,
  LEGAL_LEVERAGE_CAPS,
  legalLeverageCap,
  MARKETS,
  type Market,
  marketLeverageCap,
  shortBanInForce,
  shortPriceRuleBars,
  withinCap,
} from '../src/index.ts';

const u = (n: number) => BigInt(Math.round(n * 10_000));

describe('legal leverage caps', () => {
  test('the table: JP margin 10/3, CFD 5, US 2, Korea 2, China 1 unless eligible', () => {
    expect(legalLeverageCap('jpy')).toEqual({ num: 10n, den: 3n });
    expect(capText(legalLeverageCap('jpy'))).toBe('3.3');
    expect(legalLeverageCap('jpy', { account: 'cfd' })).toEqual({ num: 5n, den: 1n });
    expect(legalLeverageCap('usd')).toEqual({ num: 2n, den: 1n });
    expect(legalLeverageCap('krw')).toEqual({ num: 2n, den: 1n });
    expect(legalLeverageCap('cny')).toEqual({ num: 1n, den: 1n });
    expect(legalLeverageCap('cny', { marginEligible: true })).toEqual({ num: 2n, den: 1n });
    for (const row of LEGAL_LEVERAGE_CAPS) expect(row.source.length).toBeGreaterThan(20);
  });

  test('3× is within 30% collateral, 4× is not; 5× is only for CFDs', () => {
    expect(withinCap(3, legalLeverageCap('jpy'))).toBe(true);
    expect(withinCap(4, legalLeverageCap('jpy'))).toBe(false);
    expect(allowedLeverage('jpy', [1, 2, 3, 5, 10])).toEqual([1, 2, 3]);
    expect(allowedLeverage('jpy', [1, 2, 3, 5, 10], { account: 'cfd' })).toEqual([1, 2, 3, 5]);
    expect(allowedLeverage('cny', [1, 2])).toEqual([1]);
    expect(allowedLeverage('cny', [1, 2], { marginEligible: true })).toEqual([1, 2]);
    expect(clampLeverage([10], legalLeverageCap('usd'))).toEqual([1]);
  });

  test('the defaults are within the caps', () => {
    for (const mkt of MARKETS) {
      expect(allowedLeverage(mkt, DEFAULT_LEVERAGE_LISTS[mkt], { marginEligible: true })).toEqual([
        ...DEFAULT_LEVERAGE_LISTS[mkt],
      ]);
    }
  });

  test('property: no config produces an allowed multiple above the legal cap', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Market>(...MARKETS),
        fc.array(fc.integer({ min: -5, max: 1000 }), { maxLength: 30 }),
        fc.boolean(),
        fc.constantFrom<'margin' | 'cfd'>('margin', 'cfd'),
        (mkt, list, eligible, account) => {
          const cap = legalLeverageCap(mkt, { account, marginEligible: eligible });
          const allowed = allowedLeverage(mkt, list, { account, marginEligible: eligible });
          expect(allowed.length).toBeGreaterThan(0);
          for (const l of allowed) {
            expect(Number.isInteger(l) && l >= 1).toBe(true);
            // l ≤ num/den, exactly
            expect(BigInt(l) * cap.den <= cap.num).toBe(true);
            // and never above the market's highest cap
            const top = marketLeverageCap(mkt, account);
            expect(BigInt(l) * top.den <= top.num).toBe(true);
          }
        },
      ),
    );
  });
});

describe('short selling', () => {
  const jpLarge = { symbol: '7203', market: 'jpy' as const, tickTable: 'tse_topix500' as const };
  const jpSmall = { symbol: '9999', market: 'jpy' as const, tickTable: 'tse_general' as const };
  test('shortable by market, with the operator’s list and Korea’s dated ban', () => {
    expect(isShortable(jpLarge, '2026-11-24')).toBe(true);
    expect(isShortable(jpSmall, '2026-11-24')).toBe(false);
    expect(isShortable(jpSmall, '2026-11-24', { eligible: ['9999'], excluded: [] })).toBe(true);
    expect(isShortable(jpLarge, '2026-11-24', { eligible: [], excluded: ['7203'] })).toBe(false);
    expect(isShortable({ symbol: 'AAPL', market: 'usd', tickTable: 'us' }, '2026-11-24')).toBe(true);
    const cn = { symbol: '600519', market: 'cny' as const, tickTable: 'cn' as const };
    expect(isShortable(cn, '2026-11-24')).toBe(false);
    expect(isShortable(cn, '2026-11-24', { eligible: ['600519'], excluded: [] })).toBe(true);
    const kr = { symbol: '005930', market: 'krw' as const, tickTable: 'krx' as const };
    expect(isShortable(kr, '2023-11-05')).toBe(true);
    expect(isShortable(kr, '2023-11-06')).toBe(false);
    expect(isShortable(kr, '2025-03-30', { eligible: ['005930'], excluded: [] })).toBe(false);
    expect(isShortable(kr, '2025-03-31')).toBe(true);
    // the ban by itself, as the back office shows it: Korea only, its dates inclusive
    expect(
      ['2023-11-05', '2023-11-06', '2025-03-30', '2025-03-31'].map((d) => shortBanInForce('krw', d)),
    ).toEqual([false, true, true, false]);
    expect(shortBanInForce('jpy', '2024-06-03')).toBe(false);
  });

  test('TSE price rule: after a 10% fall, no short at or below the last price', () => {
    const q = { preClose: u(1000), low: u(900), last: u(905) };
    expect(shortPriceRuleBars('jpy', q, u(905))).toBe(true);
    expect(shortPriceRuleBars('jpy', q, u(900))).toBe(true);
    expect(shortPriceRuleBars('jpy', q, u(906))).toBe(false);
    // 9.9% down: no rule
    expect(shortPriceRuleBars('jpy', { ...q, low: u(901) }, u(901))).toBe(false);
    // only Tokyo
    expect(shortPriceRuleBars('usd', q, u(900))).toBe(false);
  });
});
