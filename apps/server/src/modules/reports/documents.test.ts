import { describe, expect, it } from 'vitest';
import { amount, tradeWord } from './documents.ts';

const fill = {
  leg: 'open' as const,
  direction: 1,
  leverage: 1,
  source: 'order',
  day_trade: false,
  nisa: false,
  reason: null,
};

describe('report wording', () => {
  it('names every kind of fill as a confirmation does, with its origin', () => {
    expect(tradeWord(fill)).toBe('現物買');
    expect(tradeWord({ ...fill, leg: 'close' })).toBe('現物売');
    expect(tradeWord({ ...fill, leverage: 3 })).toBe('信用新規買');
    expect(tradeWord({ ...fill, leverage: 3, leg: 'close' })).toBe('信用返済売');
    expect(tradeWord({ ...fill, direction: 2 })).toBe('信用新規売');
    expect(tradeWord({ ...fill, direction: 2, leg: 'close', reason: 'forced' })).toBe(
      '信用返済買（強制決済）',
    );
    expect(tradeWord({ ...fill, source: 'new_share' })).toBe('現物買（新規公開株）');
    expect(tradeWord({ ...fill, source: 'after_market' })).toBe('現物買（時間外）');
    expect(tradeWord({ ...fill, source: 'block', nisa: true })).toBe('現物買（ブロック・NISA）');
    expect(tradeWord({ ...fill, day_trade: true, leg: 'close' })).toBe('現物売（デイトレード）');
  });

  it('writes amounts with separators and the currency’s decimals', () => {
    expect(amount(12_345_678_0000n)).toBe('12,345,678');
    expect(amount(-1_500_0000n)).toBe('-1,500');
    expect(amount(0n)).toBe('0');
    expect(amount(1234_5000n, 'usd')).toBe('1,234.50');
    expect(amount(1234_5678n, 'usd')).toBe('1,234.5678');
    expect(amount(1_0000n, 'jpy')).toBe('1');
  });
});
