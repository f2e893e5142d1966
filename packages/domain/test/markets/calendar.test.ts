import { describe, expect, test } from 'vitest';
import {
  addTradingDays,
  closureReason,
  dayKind,
  holidayCoverage,
  isChinaMakeUpWorkday,
  isTradingDay,
  localDate,
  type Market,
  nextClose,
  nextOpen,
  nextTradingDay,
  previousTradingDay,
  sessionState,
  tradingDaysBetween,
  tradingMinuteCount,
  tradingMinutes,
} from '../../src/index.ts';

const at = (iso: string): number => {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) throw new Error(iso);
  return t;
};
const state = (market: Market, iso: string) => sessionState(market, at(iso));

describe('Japan (TSE)', () => {
  test('2026-11-23 Labour Thanksgiving Day (a Monday) is closed; the Tuesday trades', () => {
    expect(isTradingDay('jpy', '2026-11-23')).toBe(false);
    expect(closureReason('jpy', '2026-11-23')).toBe('勤労感謝の日');
    expect(isTradingDay('jpy', '2026-11-24')).toBe(true);
    expect(state('jpy', '2026-11-23T10:00:00+09:00')).toBe('closed');
  });

  test('closed Dec 31 – Jan 3 and at weekends', () => {
    for (const d of ['2025-12-31', '2026-01-01', '2026-01-02', '2027-01-01'])
      expect(isTradingDay('jpy', d)).toBe(false);
    expect(isTradingDay('jpy', '2025-12-30')).toBe(true);
    expect(isTradingDay('jpy', '2026-01-05')).toBe(true);
    expect(isTradingDay('jpy', '2026-11-21')).toBe(false);
  });

  test('phases of a day since the 15:30 close', () => {
    const d = '2026-11-24';
    expect(state('jpy', `${d}T08:59:59+09:00`)).toBe('pre');
    expect(state('jpy', `${d}T09:00:00+09:00`)).toBe('open');
    expect(state('jpy', `${d}T11:29:59+09:00`)).toBe('open');
    expect(state('jpy', `${d}T11:30:00+09:00`)).toBe('lunch');
    expect(state('jpy', `${d}T12:29:59+09:00`)).toBe('lunch');
    expect(state('jpy', `${d}T12:30:00+09:00`)).toBe('open');
    expect(state('jpy', `${d}T15:24:59+09:00`)).toBe('open');
    expect(state('jpy', `${d}T15:25:00+09:00`)).toBe('closing_auction');
    expect(state('jpy', `${d}T15:29:59+09:00`)).toBe('closing_auction');
    expect(state('jpy', `${d}T15:30:00+09:00`)).toBe('closed');
  });

  test('the close moved from 15:00 to 15:30 on 2024-11-05; the morning session grew on 2011-11-21', () => {
    expect(state('jpy', '2024-11-01T15:10:00+09:00')).toBe('closed');
    expect(state('jpy', '2024-11-05T15:10:00+09:00')).toBe('open');
    expect(state('jpy', '2024-11-01T14:59:00+09:00')).toBe('open');
    expect(tradingMinuteCount('jpy', '2024-11-01')).toBe(150 + 150);
    expect(tradingMinuteCount('jpy', '2026-11-24')).toBe(150 + 175);
    expect(state('jpy', '2011-11-18T11:15:00+09:00')).toBe('lunch');
    expect(state('jpy', '2011-11-21T11:15:00+09:00')).toBe('open');
  });

  test('next open', () => {
    // Friday evening → Monday is a holiday → Tuesday 09:00
    expect(nextOpen('jpy', at('2026-11-20T16:00:00+09:00'))).toBe(at('2026-11-24T09:00:00+09:00'));
    expect(nextOpen('jpy', at('2026-11-24T11:45:00+09:00'))).toBe(at('2026-11-24T12:30:00+09:00'));
    expect(nextOpen('jpy', at('2026-11-24T09:00:00+09:00'))).toBe(at('2026-11-24T09:00:00+09:00'));
    expect(nextClose('jpy', at('2026-11-24T10:00:00+09:00'))).toBe(at('2026-11-24T15:30:00+09:00'));
  });
});

describe('United States (NYSE/Nasdaq)', () => {
  test('Thanksgiving closed, the Friday after closes at 13:00', () => {
    expect(isTradingDay('usd', '2026-11-26')).toBe(false);
    expect(dayKind('usd', '2026-11-27')).toBe('half_day');
    expect(state('usd', '2026-11-27T09:29:00-05:00')).toBe('pre');
    expect(state('usd', '2026-11-27T12:59:59-05:00')).toBe('open');
    expect(state('usd', '2026-11-27T13:00:00-05:00')).toBe('closed');
    expect(state('usd', '2026-11-25T15:59:00-05:00')).toBe('open');
    expect(state('usd', '2026-11-25T16:00:00-05:00')).toBe('closed');
    expect(tradingMinuteCount('usd', '2026-11-27')).toBe(210);
    expect(tradingMinuteCount('usd', '2026-11-25')).toBe(390);
  });

  test('NYSE holidays: Good Friday and Juneteenth closed, Columbus and Veterans Day open', () => {
    expect(isTradingDay('usd', '2026-04-03')).toBe(false);
    expect(isTradingDay('usd', '2026-06-19')).toBe(false);
    expect(isTradingDay('usd', '2026-10-12')).toBe(true);
    expect(isTradingDay('usd', '2026-11-11')).toBe(true);
    // July 4 2026 is a Saturday: observed Friday July 3
    expect(isTradingDay('usd', '2026-07-03')).toBe(false);
    expect(dayKind('usd', '2026-07-02')).toBe('regular');
    expect(dayKind('usd', '2025-07-03')).toBe('half_day');
    expect(dayKind('usd', '2026-12-24')).toBe('half_day');
    // national day of mourning
    expect(isTradingDay('usd', '2025-01-09')).toBe(false);
  });

  test('sessions follow daylight saving time', () => {
    expect(tradingMinutes('usd', '2026-03-06')[0].start).toBe(at('2026-03-06T14:30:00Z'));
    expect(tradingMinutes('usd', '2026-03-09')[0].start).toBe(at('2026-03-09T13:30:00Z'));
    expect(tradingMinutes('usd', '2026-11-02')[0].start).toBe(at('2026-11-02T14:30:00Z'));
  });

  test('local date is New York’s', () => {
    expect(localDate('usd', at('2026-11-27T03:00:00Z'))).toBe('2026-11-26');
    expect(localDate('jpy', at('2026-11-27T03:00:00Z'))).toBe('2026-11-27');
  });
});

describe('China (SSE/SZSE)', () => {
  test('Golden Week is closed; make-up weekend workdays do not trade', () => {
    for (const d of ['2026-10-01', '2026-10-05', '2026-10-07']) expect(isTradingDay('cny', d)).toBe(false);
    expect(isChinaMakeUpWorkday('2026-10-10')).toBe(true);
    expect(isTradingDay('cny', '2026-10-10')).toBe(false);
    expect(isChinaMakeUpWorkday('2026-09-20')).toBe(true);
    expect(isTradingDay('cny', '2026-09-20')).toBe(false);
    expect(isTradingDay('cny', '2026-10-08')).toBe(true);
    expect(isTradingDay('cny', '2026-10-09')).toBe(true);
    expect(nextOpen('cny', at('2026-09-30T16:00:00+08:00'))).toBe(at('2026-10-08T09:30:00+08:00'));
    // Spring Festival 2026 and its Saturday make-up day
    expect(isTradingDay('cny', '2026-02-17')).toBe(false);
    expect(isTradingDay('cny', '2026-02-14')).toBe(false);
  });

  test('years after the package’s data fall back to the fixed-date holidays', () => {
    const last = holidayCoverage('cny').last;
    expect(last).toBeGreaterThanOrEqual(2026);
    expect(isTradingDay('cny', `${last + 1}-10-04`)).toBe(false);
    expect(holidayCoverage('krw').last).toBeGreaterThanOrEqual(2027);
  });

  test('opening call, lunch and closing auction', () => {
    const d = '2026-11-24';
    expect(state('cny', `${d}T09:10:00+08:00`)).toBe('pre');
    expect(state('cny', `${d}T09:15:00+08:00`)).toBe('opening_call');
    expect(state('cny', `${d}T09:27:00+08:00`)).toBe('pre');
    expect(state('cny', `${d}T09:30:00+08:00`)).toBe('open');
    expect(state('cny', `${d}T11:30:00+08:00`)).toBe('lunch');
    expect(state('cny', `${d}T13:00:00+08:00`)).toBe('open');
    expect(state('cny', `${d}T14:57:00+08:00`)).toBe('closing_auction');
    expect(state('cny', `${d}T15:00:00+08:00`)).toBe('closed');
    expect(tradingMinuteCount('cny', d)).toBe(120 + 117);
  });
});

describe('Korea (KRX)', () => {
  test('first trading day of 2026 (Jan 2) opens at 10:00', () => {
    expect(isTradingDay('krw', '2026-01-01')).toBe(false);
    expect(dayKind('krw', '2026-01-02')).toBe('year_start');
    expect(state('krw', '2026-01-02T09:30:00+09:00')).toBe('pre');
    expect(state('krw', '2026-01-02T10:00:00+09:00')).toBe('open');
    expect(state('krw', '2026-01-05T09:00:00+09:00')).toBe('open');
    expect(tradingMinuteCount('krw', '2026-01-02')).toBe(320);
  });

  test('closing auction 15:20–15:30, no lunch break', () => {
    expect(state('krw', '2026-11-24T12:00:00+09:00')).toBe('open');
    expect(state('krw', '2026-11-24T15:20:00+09:00')).toBe('closing_auction');
    expect(state('krw', '2026-11-24T15:30:00+09:00')).toBe('closed');
    expect(tradingMinuteCount('krw', '2026-11-24')).toBe(380);
  });

  test('closed May 1 and Dec 31 (the last weekday when Dec 31 is a weekend)', () => {
    expect(isTradingDay('krw', '2025-05-01')).toBe(false);
    expect(isTradingDay('krw', '2026-12-31')).toBe(false);
    expect(isTradingDay('krw', '2022-12-30')).toBe(false);
    expect(isTradingDay('krw', '2022-12-29')).toBe(true);
    expect(isTradingDay('krw', '2023-12-29')).toBe(false);
    expect(isTradingDay('krw', '2026-02-17')).toBe(false); // Seollal
  });

  test('college entrance exam day: everything one hour later', () => {
    expect(dayKind('krw', '2025-11-13')).toBe('late_open');
    expect(state('krw', '2025-11-13T09:30:00+09:00')).toBe('pre');
    expect(state('krw', '2025-11-13T16:00:00+09:00')).toBe('open');
    expect(state('krw', '2025-11-13T16:25:00+09:00')).toBe('closing_auction');
  });
});

describe('trading-day arithmetic', () => {
  test('next / previous / add / between', () => {
    expect(nextTradingDay('jpy', '2026-11-20')).toBe('2026-11-24');
    expect(previousTradingDay('jpy', '2026-11-24')).toBe('2026-11-20');
    expect(addTradingDays('cny', '2026-09-30', 1)).toBe('2026-10-08');
    expect(addTradingDays('cny', '2026-10-08', -1)).toBe('2026-09-30');
    expect(tradingDaysBetween('usd', '2026-11-23', '2026-11-29')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-27',
    ]);
  });

  test('every market trades about 240–252 days a year', () => {
    for (const m of ['jpy', 'usd', 'cny', 'krw'] as const) {
      const n = tradingDaysBetween(m, '2025-01-01', '2025-12-31').length;
      expect(n).toBeGreaterThanOrEqual(240);
      expect(n).toBeLessThanOrEqual(252);
    }
  });
});
