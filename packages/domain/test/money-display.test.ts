import { describe, expect, it } from 'vitest';
import { parseUnits } from '../src/money.ts';
import { displayDecimal, displayMoney, withCurrencySign } from '../src/money-display.ts';

const u = (text: string) => parseUnits(text) ?? 0n;

describe('displayMoney, the one money format of both apps', () => {
  it('writes each currency by its own convention', () => {
    expect(displayMoney(u('1234.5'), 'jpy')).toBe('1,234.50円');
    expect(displayMoney(u('1234.5'), 'usd')).toBe('$1,234.50');
    expect(displayMoney(u('1234.5'), 'cny')).toBe('1,234.50元');
    expect(displayMoney(u('1234.5'), 'krw')).toBe('₩1,235');
    expect(displayMoney(u('1234.5'), 'vnd')).toBe('1,235 VND');
    expect(displayMoney(u('1234.5'), 'hkd')).toBe('1,234.50 HKD');
  });
  it('puts the minus before a leading sign and after nothing else', () => {
    expect(displayMoney(u('-1234.5'), 'usd')).toBe('-$1,234.50');
    expect(displayMoney(u('-1234.5'), 'jpy')).toBe('-1,234.50円');
    expect(withCurrencySign('-1.23億', 'jpy')).toBe('-1.23億円');
  });
  it('rounds half away from zero once and keeps every digit of large amounts', () => {
    expect(displayDecimal(u('0.005'), 2)).toBe('0.01');
    expect(displayDecimal(u('-0.005'), 2)).toBe('-0.01');
    expect(displayDecimal(u('-0.004'), 2)).toBe('0.00');
    expect(displayMoney(u('123456789012345.9999'), 'usd')).toBe('$123,456,789,012,346.00');
  });
  it('clamps the decimals to what units carry', () => {
    expect(displayDecimal(u('1.2345'), 9)).toBe('1.2345');
    expect(displayDecimal(u('1234.5'), -1)).toBe('1,235');
  });
});
