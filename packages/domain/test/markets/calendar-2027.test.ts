import { afterEach, describe, expect, test } from 'vitest';
import {
  addDays,
  closureReason,
  dayKind,
  holidayCoverage,
  isTradingDay,
  type LocalDate,
  type Market,
  nextOpen,
  nextTradingDay,
  sessionState,
  setOperatorClosures,
  tradingMinuteCount,
  weekday,
} from '../../src/index.ts';

/** The weekdays of 2027 a market does not trade. */
function closedWeekdays(market: Market): LocalDate[] {
  const out: LocalDate[] = [];
  for (let d = '2027-01-01'; d <= '2027-12-31'; d = addDays(d, 1)) {
    const w = weekday(d);
    if (w !== 0 && w !== 6 && !isTradingDay(market, d)) out.push(d);
  }
  return out;
}

describe('2027 holidays', () => {
  test('China: the Spring Festival closure (eve Fri 02-05 through Fri 02-12), and the year’s other holidays', () => {
    expect(holidayCoverage('cny').last).toBe(2026); // 2027 comes from CN_HOLIDAYS_AHEAD until the package has it
    for (const d of ['2027-02-05', '2027-02-08', '2027-02-09', '2027-02-10', '2027-02-11', '2027-02-12'])
      expect(closureReason('cny', d)).toBe('Spring Festival');
    expect(isTradingDay('cny', '2027-02-04')).toBe(true);
    expect(nextTradingDay('cny', '2027-02-04')).toBe('2027-02-15');
    expect(nextOpen('cny', Date.parse('2027-02-04T16:00:00+08:00'))).toBe(
      Date.parse('2027-02-15T09:30:00+08:00'),
    );
    expect(closedWeekdays('cny')).toEqual([
      '2027-01-01',
      '2027-02-05',
      '2027-02-08',
      '2027-02-09',
      '2027-02-10',
      '2027-02-11',
      '2027-02-12',
      '2027-04-05',
      '2027-05-03',
      '2027-05-04',
      '2027-05-05',
      '2027-06-09',
      '2027-09-15',
      '2027-10-01',
      '2027-10-04',
      '2027-10-05',
      '2027-10-06',
      '2027-10-07',
    ]);
  });

  test('Japan (TSE): national holidays with the substitute of the equinox, and Dec 31', () => {
    expect(closedWeekdays('jpy')).toEqual([
      '2027-01-01',
      '2027-01-11',
      '2027-02-11',
      '2027-02-23',
      '2027-03-22', // 春分の日 falls on Sunday 03-21
      '2027-04-29',
      '2027-05-03',
      '2027-05-04',
      '2027-05-05',
      '2027-07-19',
      '2027-08-11',
      '2027-09-20',
      '2027-09-23',
      '2027-10-11',
      '2027-11-03',
      '2027-11-23',
      '2027-12-31',
    ]);
  });

  test('US (NYSE): Saturday holidays observed on Friday, Sunday ones on Monday; the day after Thanksgiving is a half day', () => {
    expect(closedWeekdays('usd')).toEqual([
      '2027-01-01',
      '2027-01-18',
      '2027-02-15',
      '2027-03-26', // Good Friday
      '2027-05-31',
      '2027-06-18', // Juneteenth is a Saturday
      '2027-07-05', // July 4 is a Sunday
      '2027-09-06',
      '2027-11-25',
      '2027-12-24', // Christmas is a Saturday
    ]);
    expect(dayKind('usd', '2027-11-26')).toBe('half_day');
  });

  test('Korea (KRX): Seollal with its substitute day, Chuseok, substitutes, May 1 and Dec 31', () => {
    expect(closedWeekdays('krw')).toEqual([
      '2027-01-01',
      '2027-02-08',
      '2027-02-09',
      '2027-03-01',
      '2027-05-03',
      '2027-05-05',
      '2027-05-13',
      '2027-07-19',
      '2027-08-16',
      '2027-09-14',
      '2027-09-15',
      '2027-09-16',
      '2027-10-04',
      '2027-10-11',
      '2027-12-27',
      '2027-12-31',
    ]);
    expect(dayKind('krw', '2027-01-04')).toBe('year_start');
  });
});

describe('operators’ closures', () => {
  afterEach(() => setOperatorClosures([]));

  test('a closed day stops trading from the moment it is loaded, and goes when removed', () => {
    const d = '2027-03-10';
    expect(isTradingDay('jpy', d)).toBe(true);
    expect(sessionState('jpy', Date.parse(`${d}T10:00:00+09:00`))).toBe('open');
    setOperatorClosures([{ market: 'jpy', date: d, kind: 'closed', name: 'System outage' }]);
    expect(isTradingDay('jpy', d)).toBe(false);
    expect(closureReason('jpy', d)).toBe('System outage');
    expect(sessionState('jpy', Date.parse(`${d}T10:00:00+09:00`))).toBe('closed');
    expect(nextTradingDay('jpy', '2027-03-09')).toBe('2027-03-11');
    expect(isTradingDay('usd', d)).toBe(true); // another market is untouched
    setOperatorClosures([]);
    expect(isTradingDay('jpy', d)).toBe(true);
  });

  test('a half day cuts the session at its closing time', () => {
    const d = '2027-03-10';
    setOperatorClosures([{ market: 'jpy', date: d, kind: 'half_day', closeAt: '11:30', name: 'Half day' }]);
    expect(dayKind('jpy', d)).toBe('half_day');
    expect(sessionState('jpy', Date.parse(`${d}T11:00:00+09:00`))).toBe('open');
    expect(sessionState('jpy', Date.parse(`${d}T13:00:00+09:00`))).toBe('closed');
    expect(tradingMinuteCount('jpy', d)).toBe(150);
    setOperatorClosures([
      { market: 'usd', date: d, kind: 'half_day', closeAt: '13:00', name: 'Early close' },
    ]);
    expect(tradingMinuteCount('usd', d)).toBe(210);
  });
});
