import { describe, expect, it } from 'vitest';
import { amountDecimals, positiveUnits, unitsToInput } from './currency.ts';

describe('amount input', () => {
  it('knows each wallet’s decimals', () => {
    expect(amountDecimals('jpy')).toBe(0);
    expect(amountDecimals('usd')).toBe(2);
    expect(amountDecimals('krw')).toBe(0);
  });

  it('reads positive amounts only', () => {
    expect(positiveUnits('')).toBeNull();
    expect(positiveUnits('0')).toBeNull();
    expect(positiveUnits('12.')).toBe(120_000n);
    expect(positiveUnits('999999999999999')).toBe(9_999_999_999_999_990_000n);
  });

  it('turns units back into an input value, floored to the minor unit', () => {
    expect(unitsToInput(123_456_789n, 'jpy')).toBe('12345');
    expect(unitsToInput(123_456_789n, 'usd')).toBe('12345.67');
    expect(unitsToInput(100_000n, 'usd')).toBe('10');
  });
});
