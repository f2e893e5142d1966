/**
 * Trading sessions as data: per market, effective-dated templates of the day's phases in
 * exchange-local wall-clock time, one template per kind of day.
 */
import type { Market } from '../currencies.ts';
import type { LocalDate } from './time.ts';
import type { Dated } from './types.ts';

/** A phase of the trading day. Time between phases is "pre" before the first, "closed" after the last. */
export interface Phase {
  state: 'opening_call' | 'open' | 'lunch' | 'closing_auction';
  /** Local "HH:MM", inclusive. */
  start: string;
  /** Local "HH:MM", exclusive. */
  end: string;
}

/**
 * regular: an ordinary day · half_day: US early close (13:00) · year_start: KRX's first trading day
 * of the year (opens 10:00) · late_open: KRX on the national college entrance exam day (everything
 * one hour later).
 */
export type DayKind = 'regular' | 'half_day' | 'year_start' | 'late_open';

export interface SessionTemplate extends Dated {
  kind: DayKind;
  phases: readonly Phase[];
}

const open = (start: string, end: string): Phase => ({ state: 'open', start, end });
const lunch = (start: string, end: string): Phase => ({ state: 'lunch', start, end });
const auction = (start: string, end: string): Phase => ({ state: 'closing_auction', start, end });
const call = (start: string, end: string): Phase => ({ state: 'opening_call', start, end });

export const SESSION_TABLES: Record<Market, readonly SessionTemplate[]> = {
  jpy: [
    {
      from: '1990-01-01',
      kind: 'regular',
      phases: [open('09:00', '11:00'), lunch('11:00', '12:30'), open('12:30', '15:00')],
    },
    // morning session extended to 11:30
    {
      from: '2011-11-21',
      kind: 'regular',
      phases: [open('09:00', '11:30'), lunch('11:30', '12:30'), open('12:30', '15:00')],
    },
    // arrowhead 4.0: close moved to 15:30 with a closing auction from 15:25
    {
      from: '2024-11-05',
      kind: 'regular',
      phases: [
        open('09:00', '11:30'),
        lunch('11:30', '12:30'),
        open('12:30', '15:25'),
        auction('15:25', '15:30'),
      ],
    },
  ],
  usd: [
    { from: '1990-01-01', kind: 'regular', phases: [open('09:30', '16:00')] },
    { from: '1990-01-01', kind: 'half_day', phases: [open('09:30', '13:00')] },
  ],
  cny: [
    {
      from: '1990-01-01',
      kind: 'regular',
      phases: [
        call('09:15', '09:25'),
        open('09:30', '11:30'),
        lunch('11:30', '13:00'),
        open('13:00', '15:00'),
      ],
    },
    // SSE introduced the 14:57–15:00 closing call auction on 2018-08-20 (SZSE had it since 2006)
    {
      from: '2018-08-20',
      kind: 'regular',
      phases: [
        call('09:15', '09:25'),
        open('09:30', '11:30'),
        lunch('11:30', '13:00'),
        open('13:00', '14:57'),
        auction('14:57', '15:00'),
      ],
    },
  ],
  krw: [
    { from: '1990-01-01', kind: 'regular', phases: [open('09:00', '14:50'), auction('14:50', '15:00')] },
    { from: '1990-01-01', kind: 'year_start', phases: [open('10:00', '14:50'), auction('14:50', '15:00')] },
    // trading hours extended by 30 minutes
    { from: '2016-08-01', kind: 'regular', phases: [open('09:00', '15:20'), auction('15:20', '15:30')] },
    { from: '2016-08-01', kind: 'year_start', phases: [open('10:00', '15:20'), auction('15:20', '15:30')] },
    { from: '2016-08-01', kind: 'late_open', phases: [open('10:00', '16:20'), auction('16:20', '16:30')] },
  ],
};

/** Rule names for US early closes (13:00); evaluated in calendar.ts. */
export type UsEarlyCloseRule = 'july3' | 'dayAfterThanksgiving' | 'christmasEve';

export const US_EARLY_CLOSE_RULES: readonly (Dated & { until?: LocalDate; rule: UsEarlyCloseRule })[] = [
  // July 3 when it is a Monday–Thursday trading day (July 4 on Tuesday–Friday)
  { from: '1990-01-01', rule: 'july3' },
  // the Friday after Thanksgiving
  { from: '1990-01-01', rule: 'dayAfterThanksgiving' },
  // December 24 when it is a trading day
  { from: '1990-01-01', rule: 'christmasEve' },
];

/** Early closes outside the rules (added) and rule hits that the exchange did not apply (removed). */
export const US_EARLY_CLOSE_EXTRA: readonly LocalDate[] = [];
export const US_EARLY_CLOSE_EXCLUDED: readonly LocalDate[] = [];

/** KRX college-entrance-exam days (수능): the market opens at 10:00 and closes at 15:30 + 1h. *(check yearly)* */
export const KRX_LATE_OPEN_DAYS: readonly LocalDate[] = [
  '2016-11-17',
  '2017-11-23',
  '2018-11-15',
  '2019-11-14',
  '2020-12-03',
  '2021-11-18',
  '2022-11-17',
  '2023-11-16',
  '2024-11-14',
  '2025-11-13',
  '2026-11-19',
];

/** Markets whose first trading day of the year uses the `year_start` template. */
export const YEAR_START_MARKETS: readonly Market[] = ['krw'];
