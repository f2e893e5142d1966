import { describe, expect, it } from 'vitest';
import { formatDecimal, formatMoney, toUnits } from './format.ts';

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
