/**
 * Trading calendars: which days trade, and the phase of the session at any instant.
 * Pure functions of (market, date/instant) over the data in holidays.ts and sessions.ts.
 */
import type { Market } from '../currencies.ts';
import {
  isExchangeOpenDay,
  type OperatorClosure,
  operatorClosure,
  replaceOperatorClosures,
} from './holidays.ts';
import {
  type DayKind,
  KRX_LATE_OPEN_DAYS,
  type Phase,
  SESSION_TABLES,
  type SessionTemplate,
  US_EARLY_CLOSE_EXCLUDED,
  US_EARLY_CLOSE_EXTRA,
  US_EARLY_CLOSE_RULES,
  YEAR_START_MARKETS,
} from './sessions.ts';
import {
  addDays,
  dateParts,
  type LocalDate,
  makeDate,
  parseHm,
  weekday,
  zonedEpoch,
  zonedParts,
} from './time.ts';
import { effectiveRow, MARKET_ZONE, type SessionState } from './types.ts';

const tradingDayCache: Record<Market, Map<LocalDate, boolean>> = {
  jpy: new Map(),
  usd: new Map(),
  cny: new Map(),
  krw: new Map(),
};

/** True when the exchange holds a session on this local date. */
export function isTradingDay(market: Market, date: LocalDate): boolean {
  const cache = tradingDayCache[market];
  let v = cache.get(date);
  if (v === undefined) {
    v = isExchangeOpenDay(market, date);
    if (cache.size > 50_000) cache.clear();
    cache.set(date, v);
  }
  return v;
}

/**
 * Load the operators' closures (the server reads them from its table at start and again whenever one
 * changes): from then on every calendar function sees them. Drops the cached days and schedules.
 */
export function setOperatorClosures(list: readonly OperatorClosure[]): void {
  replaceOperatorClosures(list);
  for (const m of Object.values(tradingDayCache)) m.clear();
  scheduleCache.clear();
}

/** The exchange-local calendar date at an instant. */
export const localDate = (market: Market, epochMs: number): LocalDate =>
  zonedParts(MARKET_ZONE[market], epochMs).date;

export function nextTradingDay(market: Market, date: LocalDate): LocalDate {
  let d = addDays(date, 1);
  for (let i = 0; i < 60 && !isTradingDay(market, d); i++) d = addDays(d, 1);
  return d;
}

export function previousTradingDay(market: Market, date: LocalDate): LocalDate {
  let d = addDays(date, -1);
  for (let i = 0; i < 60 && !isTradingDay(market, d); i++) d = addDays(d, -1);
  return d;
}

/** `date` itself when it trades, else the next trading day. */
export const tradingDayOnOrAfter = (market: Market, date: LocalDate): LocalDate =>
  isTradingDay(market, date) ? date : nextTradingDay(market, date);

/** `date` itself when it trades, else the previous trading day. */
export const tradingDayOnOrBefore = (market: Market, date: LocalDate): LocalDate =>
  isTradingDay(market, date) ? date : previousTradingDay(market, date);

/** Move by `n` trading days (n may be negative); `date` need not be a trading day. */
export function addTradingDays(market: Market, date: LocalDate, n: number): LocalDate {
  let d = date;
  for (let i = 0; i < Math.abs(n); i++) d = n > 0 ? nextTradingDay(market, d) : previousTradingDay(market, d);
  return d;
}

/** Trading days in [from, to], inclusive. */
export function tradingDaysBetween(market: Market, from: LocalDate, to: LocalDate): LocalDate[] {
  const out: LocalDate[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) if (isTradingDay(market, d)) out.push(d);
  return out;
}

export function isFirstTradingDayOfYear(market: Market, date: LocalDate): boolean {
  if (!isTradingDay(market, date)) return false;
  const [y] = dateParts(date);
  return tradingDayOnOrAfter(market, makeDate(y, 1, 1)) === date;
}

function thanksgiving(year: number): LocalDate {
  const nov1 = makeDate(year, 11, 1);
  const first = (4 - weekday(nov1) + 7) % 7; // first Thursday
  return addDays(nov1, first + 21);
}

/** US early close (13:00) on a trading day. */
export function isUsEarlyClose(date: LocalDate): boolean {
  if (!isTradingDay('usd', date)) return false;
  if (US_EARLY_CLOSE_EXCLUDED.includes(date)) return false;
  if (US_EARLY_CLOSE_EXTRA.includes(date)) return true;
  const [y, m, d] = dateParts(date);
  const w = weekday(date);
  for (const r of US_EARLY_CLOSE_RULES) {
    if (r.from > date || (r.until && r.until < date)) continue;
    if (r.rule === 'july3' && m === 7 && d === 3 && w >= 1 && w <= 4) return true;
    if (r.rule === 'christmasEve' && m === 12 && d === 24) return true;
    if (r.rule === 'dayAfterThanksgiving' && date === addDays(thanksgiving(y), 1)) return true;
  }
  return false;
}

/** Which session template applies on a trading day. */
export function dayKind(market: Market, date: LocalDate): DayKind {
  if (operatorClosure(market, date)?.kind === 'half_day') return 'half_day';
  if (market === 'usd' && isUsEarlyClose(date)) return 'half_day';
  if (market === 'krw' && KRX_LATE_OPEN_DAYS.includes(date)) return 'late_open';
  if (YEAR_START_MARKETS.includes(market) && isFirstTradingDayOfYear(market, date)) return 'year_start';
  return 'regular';
}

export function sessionTemplate(market: Market, date: LocalDate, kind: DayKind): SessionTemplate {
  const rows = SESSION_TABLES[market].filter((t) => t.kind === kind && t.from <= date);
  if (rows.length === 0)
    return effectiveRow(
      SESSION_TABLES[market].filter((t) => t.kind === 'regular'),
      date,
      'session',
    );
  return rows[rows.length - 1];
}

export interface SchedulePhase {
  state: Phase['state'];
  /** Epoch ms, inclusive. */
  start: number;
  /** Epoch ms, exclusive. */
  end: number;
  /** Minutes after local midnight. */
  localStart: number;
  localEnd: number;
}

export interface DaySchedule {
  market: Market;
  date: LocalDate;
  kind: DayKind;
  phases: SchedulePhase[];
  /** Start of the first phase / end of the last phase, epoch ms. */
  start: number;
  end: number;
}

const scheduleCache = new Map<string, DaySchedule | null>();

/** The day's phases with their instants, or null when the exchange does not trade that day. */
export function daySchedule(market: Market, date: LocalDate): DaySchedule | null {
  const key = `${market}|${date}`;
  const hit = scheduleCache.get(key);
  if (hit !== undefined) return hit;
  let result: DaySchedule | null = null;
  if (isTradingDay(market, date)) {
    const kind = dayKind(market, date);
    const zone = MARKET_ZONE[market];
    let template = sessionTemplate(market, date, kind).phases;
    // an operator's half day: the day's phases cut at its closing time (what starts after it is dropped)
    const cut = operatorClosure(market, date);
    if (cut?.kind === 'half_day' && cut.closeAt) {
      const at = cut.closeAt;
      template = template.filter((p) => p.start < at).map((p) => (p.end > at ? { ...p, end: at } : p));
    }
    const phases = template.map((p) => {
      const localStart = parseHm(p.start);
      const localEnd = parseHm(p.end);
      return {
        state: p.state,
        localStart,
        localEnd,
        start: zonedEpoch(zone, date, localStart * 60),
        end: zonedEpoch(zone, date, localEnd * 60),
      };
    });
    result = { market, date, kind, phases, start: phases[0].start, end: phases[phases.length - 1].end };
  }
  if (scheduleCache.size > 20_000) scheduleCache.clear();
  scheduleCache.set(key, result);
  return result;
}

/** The session phase at an instant. */
export function sessionState(market: Market, epochMs: number): SessionState {
  const s = daySchedule(market, localDate(market, epochMs));
  if (!s) return 'closed';
  if (epochMs < s.start) return 'pre';
  if (epochMs >= s.end) return 'closed';
  for (const p of s.phases) if (epochMs >= p.start && epochMs < p.end) return p.state;
  return 'pre'; // a gap between phases that is not a lunch break (e.g. Shanghai 09:25–09:30)
}

/** Continuous trading now: orders can fill. */
export const isContinuousTrading = (market: Market, epochMs: number): boolean =>
  sessionState(market, epochMs) === 'open';

/** Orders are accepted now (continuous trading, calls and auctions; not lunch, pre or closed). */
export function acceptsOrders(market: Market, epochMs: number): boolean {
  const st = sessionState(market, epochMs);
  return st === 'open' || st === 'closing_auction' || st === 'opening_call';
}

/** Start (epoch ms) of the first continuous-trading period that begins at or after `epochMs`. */
export function nextOpen(market: Market, epochMs: number): number {
  let date = localDate(market, epochMs);
  for (let i = 0; i < 400; i++) {
    const s = daySchedule(market, date);
    if (s) for (const p of s.phases) if (p.state === 'open' && p.start >= epochMs) return p.start;
    date = addDays(date, 1);
  }
  throw new RangeError(`no session found for ${market} after ${new Date(epochMs).toISOString()}`);
}

/** End (epoch ms) of the session (last phase) that is running or next to run at `epochMs`. */
export function nextClose(market: Market, epochMs: number): number {
  let date = localDate(market, epochMs);
  for (let i = 0; i < 400; i++) {
    const s = daySchedule(market, date);
    if (s && s.end > epochMs) return s.end;
    date = addDays(date, 1);
  }
  throw new RangeError(`no session found for ${market} after ${new Date(epochMs).toISOString()}`);
}

export interface TimeRange {
  /** Epoch ms, inclusive. */
  start: number;
  /** Epoch ms, exclusive. */
  end: number;
}

/** The continuous-trading ranges of a day (empty when it does not trade). Auctions and calls excluded. */
export function tradingMinutes(market: Market, date: LocalDate): TimeRange[] {
  const s = daySchedule(market, date);
  if (!s) return [];
  return s.phases.filter((p) => p.state === 'open').map((p) => ({ start: p.start, end: p.end }));
}

/** Number of continuous-trading minutes on a day. */
export const tradingMinuteCount = (market: Market, date: LocalDate): number =>
  tradingMinutes(market, date).reduce((n, r) => n + (r.end - r.start) / 60_000, 0);

/** The trading day a (possibly closed-market) instant belongs to for "today" displays. */
export function currentOrPreviousTradingDay(market: Market, epochMs: number): LocalDate {
  return tradingDayOnOrBefore(market, localDate(market, epochMs));
}

/**
 * Which trading day of its life `date` is for an instrument listed on `listed` (1 = the listing day);
 * 0 before the listing. Counts the market's trading days (a listing on a closed day counts from the next).
 */
export function listingDayNumber(market: Market, listed: LocalDate, date: LocalDate): number {
  if (date < listed) return 0;
  let n = 0;
  for (let d = tradingDayOnOrAfter(market, listed); d <= date && n < 10_000; d = nextTradingDay(market, d))
    n++;
  return n;
}
