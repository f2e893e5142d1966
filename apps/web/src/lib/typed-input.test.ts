import { describe, expect, it } from 'vitest';
import { normaliseDigits, readAmount, readCode, readPrice, readShares } from './typed-input.ts';

describe('what typed numbers read as (one rule for every kind)', () => {
  it('reads full-width digits, point, comma and minus as half-width', () => {
    expect(normaliseDigits('１２，３４５．６')).toBe('12,345.6');
    expect(normaliseDigits(' －５ ')).toBe('-5');
    expect(normaliseDigits('１　０')).toBe('10');
  });

  it('shares: whole shares, thousands commas allowed, nothing else', () => {
    expect(readShares('')).toEqual({ value: '', problem: null });
    expect(readShares('１，０００')).toEqual({ value: '1000', problem: null });
    expect(readShares('0100')).toEqual({ value: '100', problem: null });
    expect(readShares('1.5')).toEqual({ value: '', problem: 'wholeNumber' });
    expect(readShares('-5')).toEqual({ value: '', problem: 'negative' });
    expect(readShares('ー5')).toEqual({ value: '', problem: 'negative' });
    expect(readShares('5株')).toEqual({ value: '', problem: 'notNumber' });
    expect(readShares('1e3')).toEqual({ value: '', problem: 'notNumber' });
    expect(readShares('1234567890')).toEqual({ value: '', problem: 'tooLarge' });
  });

  it('amounts: the currency’s decimals, commas read as thousands', () => {
    expect(readAmount('１２，０００', 0)).toEqual({ value: '12000', problem: null });
    expect(readAmount('12.5', 0)).toEqual({ value: '', problem: 'noDecimals' });
    expect(readAmount('12.345', 2)).toEqual({ value: '', problem: 'decimals', params: { n: 2 } });
    expect(readAmount('0012.30', 2)).toEqual({ value: '12.30', problem: null });
    expect(readAmount('12.', 2)).toEqual({ value: '12', problem: null });
    expect(readAmount('.5', 2)).toEqual({ value: '0.5', problem: null });
    expect(readAmount('.', 2)).toEqual({ value: '', problem: 'notNumber' });
    expect(readAmount('1.2.3', 2)).toEqual({ value: '', problem: 'notNumber' });
    expect(readAmount('-100', 0)).toEqual({ value: '', problem: 'negative' });
    expect(readAmount('1234567890123456', 0)).toEqual({ value: '', problem: 'tooLarge' });
  });

  it('prices: the instrument’s decimals', () => {
    expect(readPrice('３，０００．５', 1)).toEqual({ value: '3000.5', problem: null });
    expect(readPrice('3000.55', 1)).toEqual({ value: '', problem: 'decimals', params: { n: 1 } });
    expect(readPrice('150.25', 2)).toEqual({ value: '150.25', problem: null });
  });

  it('codes: digits only, at most the code’s length; a shorter one is still being typed', () => {
    expect(readCode('１２３４５６', 6)).toEqual({ value: '123456', problem: null });
    expect(readCode('123', 6)).toEqual({ value: '123', problem: null });
    expect(readCode('12a456', 6)).toEqual({ value: '', problem: 'digitsOnly' });
    expect(readCode('1234567', 6)).toEqual({ value: '', problem: 'codeLength', params: { n: 6 } });
  });
});
