import { describe, expect, it } from 'vitest';
import { compactMoney } from './money-text.ts';

describe('compactMoney', () => {
  it('drops a zero fraction only', () => {
    expect(compactMoney('1000.0000', 'jpy')).toBe('1,000円');
    expect(compactMoney('10', 'usd')).toBe('$10');
    expect(compactMoney('10.5', 'usd')).toBe('$10.50');
    expect(compactMoney('500000', 'hkd')).toBe('500,000 HKD');
  });
});
