import { describe, expect, test } from 'vitest';
import {
  isJapaneseBusinessDay,
  isWindowOpen,
  jstDate,
  jstEndOfDay,
  jstStartOfDay,
  STATEMENT_MAX_DAYS,
  spanDays,
  windowText,
} from '../../src/index.ts';

const at = (iso: string) => Date.parse(iso);
const withdraw = { from: '09:00', to: '15:00' };

describe('deposit and withdrawal windows (JST, Japanese banking days)', () => {
  test('banking days: weekends, public holidays and 31 Dec – 3 Jan are closed', () => {
    expect(isJapaneseBusinessDay('2026-11-24')).toBe(true);
    expect(isJapaneseBusinessDay('2026-11-23')).toBe(false); // Labour Thanksgiving Day
    expect(isJapaneseBusinessDay('2026-11-28')).toBe(false); // Saturday
    for (const d of ['2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03'])
      expect(isJapaneseBusinessDay(d)).toBe(false);
    expect(isJapaneseBusinessDay('2027-01-04')).toBe(true);
  });

  test('open from the first minute to the end of the last one, by JST', () => {
    expect(isWindowOpen(withdraw, at('2026-11-24T08:59:59+09:00'))).toBe(false);
    expect(isWindowOpen(withdraw, at('2026-11-24T09:00:00+09:00'))).toBe(true);
    expect(isWindowOpen(withdraw, at('2026-11-24T15:00:59+09:00'))).toBe(true);
    expect(isWindowOpen(withdraw, at('2026-11-24T15:01:00+09:00'))).toBe(false);
    // 10:00 JST is 01:00 UTC: the zone, not the machine's, decides
    expect(isWindowOpen(withdraw, at('2026-11-24T01:00:00Z'))).toBe(true);
  });

  test('closed on a holiday unless the window runs every day', () => {
    expect(isWindowOpen(withdraw, at('2026-11-23T10:00:00+09:00'))).toBe(false);
    expect(isWindowOpen(withdraw, at('2026-11-23T10:00:00+09:00'), true)).toBe(true);
  });

  test('a window over midnight: the small hours belong to the previous day', () => {
    const night = { from: '22:00', to: '02:00' };
    expect(isWindowOpen(night, at('2026-11-24T23:00:00+09:00'))).toBe(true);
    expect(isWindowOpen(night, at('2026-11-25T01:30:00+09:00'))).toBe(true); // Tuesday night
    expect(isWindowOpen(night, at('2026-11-24T01:30:00+09:00'))).toBe(false); // Monday 23 Nov was a holiday
    expect(isWindowOpen(night, at('2026-11-24T01:30:00+09:00'), true)).toBe(true);
    expect(isWindowOpen(night, at('2026-11-24T12:00:00+09:00'))).toBe(false);
  });

  test('JST dates and day bounds; the text a refusal carries', () => {
    expect(jstDate(at('2026-11-24T15:30:00Z'))).toBe('2026-11-25');
    expect(jstStartOfDay('2026-11-25')).toBe(at('2026-11-25T00:00:00+09:00'));
    expect(jstEndOfDay('2026-11-25')).toBe(at('2026-11-26T00:00:00+09:00'));
    expect(windowText(withdraw)).toBe('09:00-15:00');
  });
});

describe('statement periods', () => {
  test('counts a period’s days with both ends, and allows a year with a leap day', () => {
    expect(spanDays('2026-01-01', '2026-01-31')).toBe(31);
    expect(spanDays('2026-01-01', '2026-01-01')).toBe(1);
    expect(spanDays('2028-01-01', '2028-12-31')).toBe(STATEMENT_MAX_DAYS);
  });
});
