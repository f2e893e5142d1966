import { parseUnits } from '@kabuto/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { amount, body, choice, lang, paging, positiveInt, strictBody } from '../src/fields.ts';
import {
  inLanguage,
  LANGUAGES,
  MESSAGES,
  tradingApi,
  translate,
  unitsOfWireNumber,
  wireNumber,
  wirePercent,
} from '../src/index.ts';

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

  it('ignores unknown fields in a /api/vue body and still validates the known ones', () => {
    const b = body({ a: z.string({ error: 'validation.required' }) });
    expect(b.parse({ a: 'x', b: 'y', page: '1', is_qc: '2' })).toEqual({ a: 'x' });
    expect(firstMessage(b.safeParse({ b: 'y' }))).toBe('validation.required');
  });

  it('refuses unknown fields in a strict (back-office) body', () => {
    const b = strictBody({ a: z.string() });
    expect(firstMessage(b.safeParse({ a: 'x', b: 'y' }))).toBe('validation.unknownField');
  });

  it('reads lang with the aliases ja, zh, en; anything else is jp', () => {
    const l = lang();
    expect([l.parse('ja'), l.parse('zh'), l.parse('en'), l.parse('EN')]).toEqual(['jp', 'cn', 'us', 'us']);
    expect([l.parse('jp'), l.parse('cn'), l.parse('us')]).toEqual(['jp', 'cn', 'us']);
    expect([l.parse(undefined), l.parse('fr'), l.parse(['en'])]).toEqual(['jp', 'jp', 'jp']);
    // Object.prototype's names are no aliases (they were: `constructor` read as a function).
    for (const proto of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])
      expect(l.parse(proto), proto).toBe('jp');
  });

  it('reads a table by language through its own keys only', () => {
    const t = { jp: 'ja', cn: 'zh', us: 'en' };
    expect([inLanguage(t, 'cn'), inLanguage(t, 'constructor'), inLanguage(t, '__proto__')]).toEqual([
      'zh',
      'ja',
      'ja',
    ]);
    expect(translate('server.error', 'constructor' as 'jp')).toBe(MESSAGES['server.error'].jp);
  });

  it('reads page / size with defaults and bounds, clamping a size above the maximum', () => {
    const b = body({ ...paging(50) });
    expect(b.parse({})).toEqual({ page: 1, size: 50 });
    expect(b.parse({ page: '3', size: 10 })).toEqual({ page: 3, size: 10 });
    expect(b.parse({ page: '', size: '' })).toEqual({ page: 1, size: 50 });
    // a size above the maximum is clamped, never refused (the family's clients ask for 200)
    expect(b.parse({ size: '200' })).toEqual({ page: 1, size: 100 });
    expect(b.parse({ size: 101 })).toEqual({ page: 1, size: 100 });
    expect(body({ ...paging(20, 50) }).parse({ size: '200' })).toEqual({ page: 1, size: 50 });
    for (const bad of [{ page: '0' }, { page: 'x' }, { size: '0' }, { size: 'x' }, { page: '1.5' }]) {
      expect(b.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('converts between units and wire numbers exactly at scale 4', () => {
    for (const text of ['2845.5', '187.25', '0.0001', '-1234.5678', '123456789.1234', '0']) {
      const units = parseUnits(text) as bigint;
      const n = wireNumber(units);
      expect(n).toBe(Number(text));
      expect(unitsOfWireNumber(n)).toBe(units);
    }
    expect(wirePercent(-125)).toBe(-1.25);
    expect(unitsOfWireNumber(Number.NaN)).toBeNull();
  });

  it('reads a buy order as the wire sends it', () => {
    const r = tradingApi.buy.body.parse({
      symbol: '7203',
      zhang: '100',
      ganggan: '2',
      buyzd: '1',
      type: 'jpy',
    });
    expect(r).toMatchObject({ symbol: '7203', zhang: 100n, ganggan: 2n, buyzd: 1, gdlx: 1, type: 'jpy' });
    expect(
      tradingApi.buy.body.parse({
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
