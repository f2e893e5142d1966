/**
 * Exchange holidays: public holidays from the installed holiday packages plus the exchanges' own
 * closures, all as data. A date is "closed" when the exchange does not trade although it is a weekday.
 */
import holidayJp from '@holiday-jp/holiday_jp';
import * as holidaysKr from '@hyunbinseo/holidays-kr/all';
import chineseDays from 'chinese-days/dist/chinese-days.json' with { type: 'json' };
import { getHolidays as nyseHolidays } from 'nyse-holidays';
import type { Market } from '../currencies.ts';
import { addDays, dateParts, isWeekend, type LocalDate, makeDate, weekday } from './time.ts';
import type { Dated } from './types.ts';

/** A closure that recurs every year on a fixed month/day while in effect. */
export interface RecurringClosure extends Dated {
  until?: LocalDate;
  month: number;
  day: number;
  name: string;
}

export interface DatedClosure {
  date: LocalDate;
  name: string;
}

export interface ExchangeClosures {
  /** Fixed month/day closures of the exchange itself (not public holidays). */
  recurring: readonly RecurringClosure[];
  /** One-off closures (days of mourning, storms, system outages). */
  dates: readonly DatedClosure[];
  /** KRX: the year-end closing day moves to the last weekday when Dec 31 falls on a weekend. */
  yearEndLastWeekday?: Dated;
}

export const EXCHANGE_CLOSURES: Record<Market, ExchangeClosures> = {
  jpy: {
    recurring: [
      { from: '1990-01-01', month: 12, day: 31, name: 'Year-end closure' },
      { from: '1990-01-01', month: 1, day: 1, name: 'New Year closure' },
      { from: '1990-01-01', month: 1, day: 2, name: 'New Year closure' },
      { from: '1990-01-01', month: 1, day: 3, name: 'New Year closure' },
    ],
    dates: [{ date: '2020-10-01', name: 'Trading system outage (all-day halt)' }],
  },
  usd: {
    recurring: [],
    dates: [
      { date: '2001-09-11', name: 'September 11 attacks' },
      { date: '2001-09-12', name: 'September 11 attacks' },
      { date: '2001-09-13', name: 'September 11 attacks' },
      { date: '2001-09-14', name: 'September 11 attacks' },
      { date: '2004-06-11', name: 'National Day of Mourning (Reagan)' },
      { date: '2007-01-02', name: 'National Day of Mourning (Ford)' },
      { date: '2012-10-29', name: 'Hurricane Sandy' },
      { date: '2012-10-30', name: 'Hurricane Sandy' },
      { date: '2018-12-05', name: 'National Day of Mourning (G. H. W. Bush)' },
      { date: '2025-01-09', name: 'National Day of Mourning (Carter)' },
    ],
  },
  cny: { recurring: [], dates: [] },
  krw: {
    recurring: [
      { from: '1990-01-01', month: 5, day: 1, name: 'Labour Day (KRX closed)' },
      { from: '1990-01-01', month: 12, day: 31, name: 'Year-end closure' },
    ],
    dates: [],
    yearEndLastWeekday: { from: '2000-01-01' },
  },
};

/**
 * Fixed-date public holidays used only for years the holiday package does not cover
 * (lunar holidays cannot be expressed here, so those years are approximate).
 */
export const FALLBACK_HOLIDAYS: Record<
  'cny' | 'krw',
  readonly { month: number; day: number; name: string }[]
> = {
  cny: [
    { month: 1, day: 1, name: "New Year's Day" },
    { month: 5, day: 1, name: 'Labour Day' },
    { month: 5, day: 2, name: 'Labour Day' },
    { month: 5, day: 3, name: 'Labour Day' },
    { month: 10, day: 1, name: 'National Day' },
    { month: 10, day: 2, name: 'National Day' },
    { month: 10, day: 3, name: 'National Day' },
    { month: 10, day: 4, name: 'National Day' },
    { month: 10, day: 5, name: 'National Day' },
    { month: 10, day: 6, name: 'National Day' },
    { month: 10, day: 7, name: 'National Day' },
  ],
  krw: [
    { month: 1, day: 1, name: '1월 1일' },
    { month: 3, day: 1, name: '3ㆍ1절' },
    { month: 5, day: 5, name: '어린이날' },
    { month: 6, day: 6, name: '현충일' },
    { month: 8, day: 15, name: '광복절' },
    { month: 10, day: 3, name: '개천절' },
    { month: 10, day: 9, name: '한글날' },
    { month: 12, day: 25, name: '기독탄신일' },
  ],
};

/**
 * China's public holidays for years the `chinese-days` package does not cover yet (its data follows the
 * State Council's yearly notice; version 1.5.7 ends with 2026). Each year lists the weekdays the exchanges
 * close, worked out from the national holiday regulation as revised in 2024 (Spring Festival: New Year's
 * Eve and the first three days; Labour Day two days, National Day three, with the usual bridging to a
 * week) and the lunar dates, until the notice is published. When the package covers the year its data
 * wins; a difference in the notice is mended by an operator's closure (see `setOperatorClosures`).
 */
export const CN_HOLIDAYS_AHEAD: Readonly<Record<number, readonly DatedClosure[]>> = {
  2027: [
    { date: '2027-01-01', name: "New Year's Day" },
    // Spring Festival: the lunar new year falls on Saturday 2027-02-06; closed from the eve (Fri 02-05)
    // through the following week (about Feb 5–13 with the weekends)
    { date: '2027-02-05', name: 'Spring Festival' },
    { date: '2027-02-08', name: 'Spring Festival' },
    { date: '2027-02-09', name: 'Spring Festival' },
    { date: '2027-02-10', name: 'Spring Festival' },
    { date: '2027-02-11', name: 'Spring Festival' },
    { date: '2027-02-12', name: 'Spring Festival' },
    // Qingming (solar term on Monday 04-05)
    { date: '2027-04-05', name: 'Qingming Festival' },
    // Labour Day May 1–5 (Saturday to Wednesday)
    { date: '2027-05-03', name: 'Labour Day' },
    { date: '2027-05-04', name: 'Labour Day' },
    { date: '2027-05-05', name: 'Labour Day' },
    // Dragon Boat: 5th day of the 5th lunar month, Wednesday 06-09
    { date: '2027-06-09', name: 'Dragon Boat Festival' },
    // Mid-Autumn: 15th day of the 8th lunar month, Wednesday 09-15
    { date: '2027-09-15', name: 'Mid-autumn Festival' },
    // National Day Oct 1–7 (Friday to Thursday)
    { date: '2027-10-01', name: 'National Day' },
    { date: '2027-10-04', name: 'National Day' },
    { date: '2027-10-05', name: 'National Day' },
    { date: '2027-10-06', name: 'National Day' },
    { date: '2027-10-07', name: 'National Day' },
  ],
};

// ---- package data, normalised to date → name (built on first use, so that bundles that never ask
// for a calendar can drop it) ----

interface HolidayData {
  jp: Record<string, { name: string; name_en: string }>;
  cnHolidays: Record<string, string>;
  cnWorkdays: Record<string, string>;
  cnYears: { first: number; last: number };
  kr: Map<string, string>;
  krYears: { first: number; last: number };
}

let data: HolidayData | null = null;

function holidayData(): HolidayData {
  if (data) return data;
  const cn = chineseDays as { holidays: Record<string, string>; workdays: Record<string, string> };
  const cnYears = Object.keys(cn.holidays).map((d) => Number(d.slice(0, 4)));
  const kr = new Map<string, string>();
  for (const table of Object.values(holidaysKr) as Record<string, readonly string[]>[]) {
    for (const [date, names] of Object.entries(table)) kr.set(date, names.join(', '));
  }
  const krYears = [...kr.keys()].map((d) => Number(d.slice(0, 4)));
  data = {
    jp: holidayJp.holidays as unknown as HolidayData['jp'],
    cnHolidays: cn.holidays,
    cnWorkdays: cn.workdays,
    cnYears: { first: Math.min(...cnYears), last: Math.max(...cnYears) },
    kr,
    krYears: { first: Math.min(...krYears), last: Math.max(...krYears) },
  };
  return data;
}

/** Years covered by the holiday packages whose data stops (chinese-days follows the State Council's yearly notice). */
export function holidayCoverage(market: 'cny' | 'krw'): { first: number; last: number } {
  return market === 'cny' ? holidayData().cnYears : holidayData().krYears;
}

const nyseByYear = new Map<number, Map<string, string>>();
function nyseYear(year: number): Map<string, string> {
  let m = nyseByYear.get(year);
  if (!m) {
    m = new Map(nyseHolidays(year).map((h) => [h.dateString, h.name]));
    nyseByYear.set(year, m);
  }
  return m;
}

function fallback(market: 'cny' | 'krw', date: LocalDate): string | null {
  const [, m, d] = dateParts(date);
  return FALLBACK_HOLIDAYS[market].find((h) => h.month === m && h.day === d)?.name ?? null;
}

/** The public-holiday name for a date in the market's country, from the holiday packages. */
export function publicHoliday(market: Market, date: LocalDate): string | null {
  const [year] = dateParts(date);
  switch (market) {
    case 'jpy':
      return holidayData().jp[date]?.name ?? null;
    case 'usd':
      return nyseYear(year).get(date) ?? null;
    case 'cny': {
      const d = holidayData();
      if (year < d.cnYears.first || year > d.cnYears.last) {
        const ahead = CN_HOLIDAYS_AHEAD[year];
        if (ahead) return ahead.find((h) => h.date === date)?.name ?? null;
        return fallback('cny', date);
      }
      const v = d.cnHolidays[date];
      return v ? v.split(',')[1] || v : null;
    }
    case 'krw': {
      const d = holidayData();
      if (year < d.krYears.first || year > d.krYears.last) return fallback('krw', date);
      return d.kr.get(date) ?? null;
    }
  }
}

/**
 * China's make-up workday (调休补班): a weekend day that offices work. The exchanges stay closed —
 * it is never a trading day.
 */
export function isChinaMakeUpWorkday(date: LocalDate): boolean {
  return isWeekend(date) && holidayData().cnWorkdays[date] !== undefined;
}

function lastWeekdayOfYear(year: number): LocalDate {
  let d = makeDate(year, 12, 31);
  while (isWeekend(d)) d = addDays(d, -1);
  return d;
}

/** The exchange's own closure on a date (not a public holiday), if any. */
export function exchangeClosure(market: Market, date: LocalDate): string | null {
  const rules = EXCHANGE_CLOSURES[market];
  const one = rules.dates.find((c) => c.date === date);
  if (one) return one.name;
  const [year, m, d] = dateParts(date);
  for (const r of rules.recurring) {
    if (r.month === m && r.day === d && r.from <= date && (!r.until || date <= r.until)) return r.name;
  }
  if (rules.yearEndLastWeekday && rules.yearEndLastWeekday.from <= date && m === 12 && d >= 24) {
    if (date === lastWeekdayOfYear(year)) return 'Year-end closure';
  }
  return null;
}

// ---- operators' closures ----

/**
 * A closure an operator entered at runtime (the back office): the market does not trade that day
 * (`closed`), or closes early at `closeAt` (`half_day`, exchange-local "HH:MM"). It mends a table that
 * aged (a holiday notice published after the release) without a release.
 */
export interface OperatorClosure {
  market: Market;
  date: LocalDate;
  kind: 'closed' | 'half_day';
  /** half_day: the local time trading ends ("13:00"). */
  closeAt?: string;
  name: string;
}

let operatorClosures = new Map<string, OperatorClosure>();

/** Replace the operators' closures (calendar.ts's `setOperatorClosures` also drops its caches). */
export function replaceOperatorClosures(list: readonly OperatorClosure[]): void {
  operatorClosures = new Map(list.map((c) => [`${c.market}|${c.date}`, c]));
}

/** The operator's closure of a market on a date, if any. */
export const operatorClosure = (market: Market, date: LocalDate): OperatorClosure | undefined =>
  operatorClosures.get(`${market}|${date}`);

/** Why the exchange is closed on a weekday, or null when it trades (weekends are not reported). */
export function closureReason(market: Market, date: LocalDate): string | null {
  const op = operatorClosure(market, date);
  if (op?.kind === 'closed') return op.name;
  return publicHoliday(market, date) ?? exchangeClosure(market, date);
}

/** Weekday 1–5 and no holiday or exchange closure. */
export function isExchangeOpenDay(market: Market, date: LocalDate): boolean {
  const w = weekday(date);
  if (w === 0 || w === 6) return false;
  return closureReason(market, date) === null;
}
