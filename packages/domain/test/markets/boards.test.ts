import { describe, expect, it } from 'vitest';
import {
  boardMarket,
  boardsOf,
  boardTickTable,
  cnBoardOf,
  isListingBoard,
  LISTING_BOARDS,
  MARKETS,
} from '../../src/index.ts';

describe('the board table, once', () => {
  it('gives each market its boards, every listing board in exactly one market', () => {
    expect(boardsOf('jpy')).toEqual(['tse_prime', 'tse_standard', 'tse_growth']);
    expect(boardsOf('usd')).toEqual(['nyse', 'nasdaq']);
    expect(boardsOf('cny')).toEqual(['sse_main', 'sse_star', 'szse_main', 'szse_chinext']);
    expect(boardsOf('krw')).toEqual(['kospi', 'kosdaq']);
    expect(MARKETS.flatMap(boardsOf).sort()).toEqual([...LISTING_BOARDS].sort());
  });
  it('names each board’s market and default tick table; indices have no market', () => {
    expect(boardMarket('tse_growth')).toBe('jpy');
    expect(boardMarket('index')).toBeNull();
    expect(boardTickTable('tse_prime')).toBe('tse_general');
    expect(boardTickTable('kosdaq')).toBe('krx_kosdaq');
    expect(boardTickTable('szse_chinext')).toBe('cn');
  });
  it('knows a listing board from anything else', () => {
    expect(isListingBoard('nasdaq')).toBe(true);
    expect(isListingBoard('index')).toBe(false);
    expect(isListingBoard('constructor')).toBe(false);
    expect(cnBoardOf('688001')).toBe('sse_star');
  });
});
