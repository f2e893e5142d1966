import { describe, expect, it } from 'vitest';
import { formatRate, invertRate } from './rate.ts';

describe('rates', () => {
  it('shows significant digits', () => {
    expect(formatRate('0.006415724865')).toBe('0.00641572');
    expect(formatRate('155.2031')).toBe('155.203');
    expect(formatRate('1')).toBe('1.00000');
    expect(formatRate('12345.678')).toBe('12,345.67');
    expect(formatRate('x')).toBe('--');
  });

  it('inverts', () => {
    expect(invertRate('0.0064')).toBe('156.250');
    expect(invertRate('0')).toBe('--');
  });
});
