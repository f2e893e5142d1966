import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { amount, body, choice, positiveInt } from '../src/fields.ts';
import { LANGUAGES, MESSAGES, tradingApi, translate } from '../src/index.ts';

const firstMessage = (r: { success: boolean; error?: z.ZodError }) => r.error?.issues[0]?.message;

describe('fields', () => {
  it('parses amounts into bigint units and refuses what is not a plain positive decimal', () => {
    const a = amount();
    expect(a.parse('1234.5')).toBe(12_345_000n);
    expect(a.parse(100)).toBe(1_000_000n);
    expect(a.parse(' 0.0001 ')).toBe(1n);
    for (const bad of ['0', '-1', '1e9', '1,000', '12.34567', '1'.repeat(30), 'abc', '']) {
      expect(a.safeParse(bad).success, bad).toBe(false);
    }
    expect(firstMessage(a.safeParse('１００'))).toBe('validation.halfWidth');
    expect(firstMessage(a.safeParse(undefined))).toBe('validation.required');
    expect(firstMessage(a.safeParse(['1']))).toBe('validation.invalid');
    expect(a.safeParse(1e21).success).toBe(false);
  });

  it('parses positive whole numbers and numeric codes', () => {
    expect(positiveInt().parse('100')).toBe(100n);
    expect(positiveInt().safeParse('1.5').success).toBe(false);
    expect(positiveInt().safeParse('0').success).toBe(false);
    expect(choice(['1', '2']).parse(2)).toBe(2);
    expect(choice(['1', '2']).parse('1')).toBe(1);
    expect(firstMessage(choice(['1', '2']).safeParse('3'))).toBe('validation.invalid');
  });

  it('refuses unknown fields in a body', () => {
    const b = body({ a: z.string() });
    expect(firstMessage(b.safeParse({ a: 'x', b: 'y' }))).toBe('validation.unknownField');
  });

  it('reads a buy order as the wire sends it', () => {
    const r = tradingApi.buyStock.body.parse({
      symbol: '7203',
      zhang: '100',
      ganggan: '2',
      buyzd: '1',
      type: 'jpy',
    });
    expect(r).toMatchObject({ symbol: '7203', zhang: 100n, ganggan: 2n, buyzd: 1, gdlx: 1, type: 'jpy' });
    expect(
      tradingApi.buyStock.body.parse({
        symbol: 'aapl',
        zhang: 100,
        ganggan: 1,
        buyzd: 2,
        gdlx: 2,
        buy_price: '187.25',
        type: 'usd',
      }),
    ).toMatchObject({
      symbol: 'AAPL',
      buy_price: 1_872_500n,
      gdlx: 2,
    });
  });
});

describe('msg catalogue', () => {
  it('has jp, cn and us text for every key, with the same placeholders', () => {
    for (const [key, text] of Object.entries(MESSAGES)) {
      const placeholders = LANGUAGES.map((l) => {
        expect(text[l], `${key}.${l}`).toBeTruthy();
        return [...text[l].matchAll(/\{(\w+)\}/g)]
          .map((m) => m[1])
          .sort()
          .join(',');
      });
      expect(new Set(placeholders).size, `${key} placeholders differ: ${placeholders.join(' | ')}`).toBe(1);
    }
  });

  it('translates with params and falls back for unknown keys', () => {
    expect(translate('withdraw.belowMinimum', 'us', { min: '100' })).toBe('The minimum withdrawal is 100');
    expect(translate('no.such.key', 'jp')).toBe(MESSAGES['server.error'].jp);
  });
});
