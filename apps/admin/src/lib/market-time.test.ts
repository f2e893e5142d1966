import { describe, expect, it } from 'vitest';
import {
  formatMarketDateTime,
  formatMarketWindow,
  marketOf,
  marketsForSymbol,
  marketWallClock,
  marketZoneAbbr,
  marketZoneLabel,
  parseMarketWallClock,
} from './market-time.ts';

const tokyoNine = Date.parse('2026-11-25T09:00:00+09:00');

describe('product schedules on the exchange clock', () => {
  it('shows an instant on the market’s clock with its zone, whatever the device zone', () => {
    expect(formatMarketDateTime(tokyoNine / 1000, 'jpy')).toBe('2026-11-25 09:00 JST');
    expect(formatMarketDateTime(tokyoNine, 'jpy')).toBe('2026-11-25 09:00 JST');
    expect(formatMarketDateTime(tokyoNine / 1000, 'usd')).toBe('2026-11-24 19:00 EST');
    expect(formatMarketDateTime(tokyoNine / 1000, 'cny')).toBe('2026-11-25 08:00 CST');
    expect(formatMarketDateTime(tokyoNine / 1000, 'krw')).toBe('2026-11-25 09:00 KST');
    expect(formatMarketDateTime(Date.parse('2026-07-01T13:30:00Z') / 1000, 'usd')).toBe(
      '2026-07-01 09:30 EDT',
    );
    expect(formatMarketDateTime(null, 'jpy')).toBe('—');
  });

  it('says the zone of a window once, or at both ends when daylight saving changes within it', () => {
    const end = tokyoNine / 1000 + 2 * 86_400 + 6 * 3600;
    expect(formatMarketWindow(tokyoNine / 1000, end, 'jpy')).toBe('2026-11-25 09:00 – 2026-11-27 15:00 JST');
    const marchStart = Date.parse('2026-03-06T14:30:00Z') / 1000;
    const marchEnd = Date.parse('2026-03-09T13:30:00Z') / 1000;
    expect(formatMarketWindow(marchStart, marchEnd, 'usd')).toBe(
      '2026-03-06 09:30 EST – 2026-03-09 09:30 EDT',
    );
  });

  it('reads what the operator types on the market’s clock and shows it back the same', () => {
    expect(parseMarketWallClock('2026-11-25T09:00', 'jpy')).toBe(tokyoNine);
    expect(parseMarketWallClock('2026-11-24T19:00', 'usd')).toBe(tokyoNine);
    expect(parseMarketWallClock('2026-11-25T08:00:00', 'cny')).toBe(tokyoNine);
    expect(parseMarketWallClock('2026-03-09T09:30', 'usd')).toBe(Date.parse('2026-03-09T13:30:00Z'));
    for (const market of ['jpy', 'usd', 'cny', 'krw'] as const) {
      const text = marketWallClock(tokyoNine, market);
      expect(parseMarketWallClock(text, market)).toBe(tokyoNine);
    }
    expect(marketWallClock(tokyoNine, 'jpy')).toBe('2026-11-25T09:00');
  });

  it('refuses what is not a datetime-local value', () => {
    for (const text of ['', '2026-11-25', '2026-02-30T09:00', '2026-11-25T24:00', '2026-11-25 09:00x'])
      expect(parseMarketWallClock(text, 'jpy')).toBeNull();
  });

  it('names the clock and reads a row’s market', () => {
    expect(marketZoneLabel('jpy')).toBe('Asia/Tokyo (JST)');
    expect(marketZoneLabel('usd')).toBe('America/New_York (ET)');
    expect(marketZoneAbbr('usd', tokyoNine)).toBe('EST');
    expect(marketOf('JPY')).toBe('jpy');
    expect(marketOf('eur')).toBeNull();
    expect(marketOf(undefined)).toBeNull();
  });

  it('tells which markets a symbol looks like', () => {
    expect(marketsForSymbol('7203')).toEqual(['jpy']);
    expect(marketsForSymbol('130a')).toEqual(['jpy']);
    expect(marketsForSymbol('AAPL')).toEqual(['usd']);
    expect(marketsForSymbol('BRK.B')).toEqual(['usd']);
    expect(marketsForSymbol('600519')).toEqual(['cny', 'krw']);
    expect(marketsForSymbol('12-34')).toBeNull();
  });
});
