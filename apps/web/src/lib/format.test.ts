import { describe, expect, it } from 'vitest';
import {
  decimalText,
  formatCompact,
  formatCompactIn,
  formatDecimal,
  formatMarketDate,
  formatMarketDateTime,
  formatMoney,
  formatPriceIn,
  priceTimes,
  toUnits,
} from './format.ts';

describe('formatMoney', () => {
  it('formats yen as the spec shows', () => {
    expect(formatMoney('1234.5000')).toBe('1,234.50円');
    expect(formatMoney('1234.5')).toBe('1,234.50円');
    expect(formatMoney('0.0000')).toBe('0.00円');
    expect(formatMoney('100')).toBe('100.00円');
  });

  it('counts "-" and empty as zero', () => {
    expect(formatMoney('-')).toBe('0.00円');
    expect(formatMoney('')).toBe('0.00円');
    expect(formatMoney(undefined)).toBe('0.00円');
  });

  it('rounds half away from zero at the display precision', () => {
    expect(formatMoney('0.0050')).toBe('0.01円');
    expect(formatMoney('0.0049')).toBe('0.00円');
    expect(formatMoney('-0.0050')).toBe('-0.01円');
    expect(formatMoney('-0.0049')).toBe('0.00円');
    expect(formatMoney('999.9950')).toBe('1,000.00円');
  });

  it('keeps every digit of amounts beyond float precision', () => {
    expect(formatMoney('123456789012345.6789')).toBe('123,456,789,012,345.68円');
    expect(formatMoney('9007199254740993.0000')).toBe('9,007,199,254,740,993.00円');
  });

  it('formats negatives and other currencies', () => {
    expect(formatMoney('-1234567.8900')).toBe('-1,234,567.89円');
    expect(formatMoney('1234.5', 'usd')).toBe('$1,234.50');
    expect(formatMoney('-1234.5', 'usd')).toBe('-$1,234.50');
    expect(formatMoney('1234.5', 'krw')).toBe('₩1,235');
    expect(formatMoney('1234.5', 'cny')).toBe('1,234.50元');
    expect(formatMoney('1234.5', 'hkd')).toBe('1,234.50 HKD');
  });

  it('refuses what is not a decimal', () => {
    expect(formatMoney('abc')).toBe('--');
    expect(formatMoney('1e5')).toBe('--');
    expect(toUnits('12.34567')).toBeNull();
  });

  it('formats plain decimals', () => {
    expect(formatDecimal('1234567.1', 1)).toBe('1,234,567.1');
    expect(formatDecimal('42.4242', 0)).toBe('42');
  });
});

describe('wire numbers (market data, position valuation)', () => {
  it('reads JSON numbers into the same units as decimal strings, exactly', () => {
    expect(toUnits(2845.5)).toBe(toUnits('2845.5000'));
    expect(toUnits(187.25)).toBe(1_872_500n);
    expect(toUnits(-1234.5678)).toBe(-12_345_678n);
    expect(toUnits(0.1)).toBe(1_000n);
    expect(toUnits(Number.NaN)).toBeNull();
  });

  it('formats them like strings, and gives back the decimal the order maths read', () => {
    expect(formatMoney(5000)).toBe('5,000.00円');
    expect(formatDecimal(187.25, 2)).toBe('187.25');
    expect(decimalText(2845.5)).toBe('2845.5000');
    expect(decimalText(0)).toBe('0.0000');
    expect(decimalText(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('formatMarketDateTime', () => {
  // 09:00 in Tokyo is 00:00 UTC and 19:00 the day before in New York: a product's schedule reads on
  // the exchange's clock whatever zone the device is in.
  const tokyoNine = Date.parse('2026-11-25T09:00:00+09:00') / 1000;
  it('reads an instant on the exchange clock, not the device', () => {
    expect(formatMarketDateTime(tokyoNine, 'jpy')).toBe('2026/11/25 09:00');
    expect(formatMarketDateTime(tokyoNine, 'usd')).toBe('2026/11/24 19:00');
    expect(formatMarketDate(tokyoNine, 'jpy')).toBe('2026/11/25');
    expect(formatMarketDateTime(Date.parse('2026-11-25T00:00:00+09:00') / 1000, 'jpy')).toBe(
      '2026/11/25 00:00',
    );
  });
  it('is empty for what is not a time', () => {
    expect(formatMarketDateTime(Number.NaN, 'jpy')).toBe('');
  });
});

describe('priceTimes', () => {
  it('multiplies exactly in units', () => {
    expect(priceTimes('2300.0000', 100)).toBe('230000.0000');
    expect(priceTimes('0.1', 3n)).toBe('0.3000');
    expect(priceTimes('12345678901.2345', 1000)).toBe('12345678901234.5000');
  });
});

describe('figures of a quote with their currency', () => {
  it('prices at the instrument decimals, the sign where each currency puts it', () => {
    expect(formatPriceIn(189.25, 'usd', 2)).toBe('$189.25');
    expect(formatPriceIn(2845.5, 'jpy', 1)).toBe('2,845.5円');
    expect(formatPriceIn(1680.3, 'cny', 2)).toBe('1,680.30元');
    expect(formatPriceIn(71500, 'krw', 0)).toBe('₩71,500');
    expect(formatPriceIn(-1.5, 'usd', 2)).toBe('-$1.50');
    expect(formatPriceIn('x', 'usd', 2)).toBe('--');
  });

  it('turnover and market cap shortened in the reader’s language, with the unit', () => {
    expect(formatCompactIn(2_950_000_000_000, 'usd', 'us')).toBe('$2.95T');
    expect(formatCompactIn(123_450_000, 'usd', 'us')).toBe('$123.45M');
    expect(formatCompactIn(123_000_000, 'jpy', 'jp')).toBe('1.23億円');
    expect(formatCompactIn(450_000_000, 'cny', 'cn')).toBe('4.50亿元');
    expect(formatCompactIn(2_950_000_000_000, 'usd', 'jp')).toBe('$2.95兆');
    expect(formatCompact(15_300, 'jp')).toBe('1.53万');
    expect(formatCompactIn(null, 'usd', 'us')).toBe('$0');
  });
});
