import { cnBoardOf, isOnTick, tickSize } from '@kabuto/domain';
import { describe, expect, test } from 'vitest';
import {
  CATALOGUE,
  CN_STOCKS,
  foldSearchText,
  INDICES,
  InstrumentIndex,
  JP_STOCKS,
  KR_STOCKS,
  US_STOCKS,
} from '../src/index.ts';

describe('catalogue', () => {
  test('sizes: ≥40 JP, ≥20 US, ≥20 CN (incl. STAR and ChiNext), ≥20 KR stocks and the ten indices', () => {
    expect(JP_STOCKS.length).toBeGreaterThanOrEqual(40);
    expect(US_STOCKS.length).toBeGreaterThanOrEqual(20);
    expect(CN_STOCKS.length).toBeGreaterThanOrEqual(20);
    expect(KR_STOCKS.length).toBeGreaterThanOrEqual(20);
    expect(CN_STOCKS.some((i) => i.board === 'sse_star')).toBe(true);
    expect(CN_STOCKS.some((i) => i.board === 'szse_chinext')).toBe(true);
    expect(INDICES.map((i) => i.names.us)).toEqual([
      'Nikkei 225',
      'TOPIX',
      'Dow Jones Industrial Average',
      'S&P 500',
      'Nasdaq Composite',
      'SSE Composite',
      'SZSE Component',
      'ChiNext Index',
      'KOSPI',
      'KOSDAQ',
    ]);
    for (const b of [
      'tse_prime',
      'tse_standard',
      'tse_growth',
      'nyse',
      'nasdaq',
      'kospi',
      'kosdaq',
    ] as const) {
      expect(CATALOGUE.some((i) => i.board === b)).toBe(true);
    }
    expect(JP_STOCKS.some((i) => i.tickTable === 'tse_general')).toBe(true);
    expect(JP_STOCKS.some((i) => i.tickTable === 'tse_topix500')).toBe(true);
  });

  test('data is consistent: unique symbols, names in three languages, boards, prices on the grid', () => {
    expect(new Set(CATALOGUE.map((i) => i.symbol)).size).toBe(CATALOGUE.length);
    for (const i of CATALOGUE) {
      expect(i.names.jp && i.names.cn && i.names.us, i.symbol).toBeTruthy();
      expect(isOnTick(i.tickTable, i.refPrice), `${i.symbol} reference price on grid`).toBe(true);
      if (i.kind === 'stock') expect(i.sharesOutstanding > 0n, i.symbol).toBe(true);
      if (i.market === 'cny' && i.kind === 'stock') expect(cnBoardOf(i.symbol), i.symbol).toBe(i.board);
      for (const s of i.splits ?? []) expect(s.ratio).toBeGreaterThan(1);
    }
    expect(tickSize('tse_topix500', CATALOGUE.find((i) => i.symbol === '9432')!.refPrice)).toBe(1_000n);
  });
});

describe('search', () => {
  const index = new InstrumentIndex(CATALOGUE);
  const first = (q: string, market?: 'jpy' | 'usd' | 'cny' | 'krw') => index.search(q, market)[0]?.symbol;

  test('by code, exact first', () => {
    expect(first('7203')).toBe('7203');
    expect(first('aapl')).toBe('AAPL');
    expect(first('600519')).toBe('600519');
    expect(first('005930')).toBe('005930');
    expect(index.search('6885').map((i) => i.symbol)).toEqual([]);
    expect(index.search('688').every((i) => i.symbol.startsWith('688'))).toBe(true);
  });

  test('by name in Japanese, Chinese and English, partial and case-insensitive', () => {
    expect(first('トヨタ')).toBe('7203');
    expect(first('丰田')).toBe('7203');
    expect(first('toyota')).toBe('7203');
    expect(first('TOYOTA MOTOR')).toBe('7203');
    expect(first('アップル')).toBe('AAPL');
    expect(first('苹果')).toBe('AAPL');
    expect(first('茅台')).toBe('600519');
    expect(first('貴州')).toBe('600519');
    expect(first('moutai')).toBe('600519');
    expect(first('サムスン電子')).toBe('005930');
    expect(first('三星电子')).toBe('005930');
    expect(first('samsung elec')).toBe('005930');
    expect(first('삼성전자')).toBe('005930');
    expect(first('日経平均')).toBe('N225');
    expect(first('上证')).toBe('SH000001');
  });

  test('folding: full-width, half-width kana, hiragana', () => {
    expect(foldSearchText('ＡＡＰＬ')).toBe('aapl');
    expect(first('ﾄﾖﾀ')).toBe('7203');
    expect(first('とよた')).toBe('7203');
  });

  test('market filter and limit', () => {
    const hits = index.search('マクドナルド');
    expect(hits.map((i) => i.symbol).sort()).toEqual(['2702', 'MCD']);
    expect(index.search('マクドナルド', 'usd').map((i) => i.symbol)).toEqual(['MCD']);
    expect(index.search('a', undefined, 3)).toHaveLength(3);
    expect(index.search('  ')).toEqual([]);
  });

  test('a preferred market ranks first and hides no other market', () => {
    const symbols = (q: string, prefer: 'jpy' | 'usd' | 'cny' | 'krw') =>
      index.search(q, { prefer }).map((i) => i.symbol);
    // every market answers from the Japanese market
    expect(symbols('AAPL', 'jpy')[0]).toBe('AAPL');
    expect(symbols('apple', 'jpy')[0]).toBe('AAPL');
    expect(symbols('005930', 'jpy')[0]).toBe('005930');
    expect(symbols('サムスン', 'jpy')[0]).toBe('005930');
    expect(symbols('茅台', 'jpy')[0]).toBe('600519');
    // the preferred market's matches come first, the others follow
    expect(symbols('マクドナルド', 'jpy')).toEqual(['2702', 'MCD']);
    expect(symbols('マクドナルド', 'usd')).toEqual(['MCD', '2702']);
    const mixed = index.search('a', { prefer: 'usd' }, 200);
    const firstOther = mixed.findIndex((i) => i.market !== 'usd');
    expect(firstOther).toBeGreaterThan(0);
    expect(mixed.slice(firstOther).every((i) => i.market !== 'usd')).toBe(true);
    // an exact code leads wherever it is listed
    expect(symbols('7203', 'usd')[0]).toBe('7203');
    // `{ market }` still keeps to one market
    expect(index.search('マクドナルド', { market: 'jpy' }).map((i) => i.symbol)).toEqual(['2702']);
  });
});
