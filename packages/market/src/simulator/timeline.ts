import {
  addDays,
  dateParts,
  dayNumber,
  daySchedule,
  isTradingDay,
  type LocalDate,
  MARKET_ZONE,
  type Market,
  zonedEpoch,
} from '@kabuto/domain';

export interface MinuteRange {
  /** Epoch ms of the range's first minute. */
  start: number;
  minutes: number;
  /** Local minute-of-day of the first minute. */
  localStart: number;
  /** Index of the range's first minute among the day's continuous minutes. */
  first: number;
}

/** A trading day's continuous-trading minutes and closing auction, as instants. */
export interface DaySession {
  date: LocalDate;
  /** Days since 1970-01-01. */
  day: number;
  ranges: MinuteRange[];
  /** Continuous minutes in the day. */
  minutes: number;
  /** First continuous instant (the open). */
  open: number;
  /** End of continuous trading. */
  continuousEnd: number;
  /** The closing auction, if any; `localEnd` in minutes after local midnight. */
  auction: { start: number; end: number; localEnd: number } | null;
  /** End of the session (after the auction, if any): the close. */
  end: number;
  /** Local midnight, epoch ms. */
  midnight: number;
}

const DAY_BLOCK = 64;

/** The trading days of one market from a start date, extended on demand. */
export class Timeline {
  readonly dates: LocalDate[] = [];
  /** Day numbers and calendar years of `dates`. */
  readonly days: number[] = [];
  readonly years: number[] = [];
  private readonly index = new Map<LocalDate, number>();
  private readonly sessions: (DaySession | undefined)[] = [];
  private scanned: LocalDate;

  constructor(
    readonly market: Market,
    start: LocalDate,
  ) {
    this.scanned = addDays(start, -1);
  }

  /** Make sure every trading day up to `date` is listed. */
  ensure(date: LocalDate): void {
    if (this.scanned >= date) return;
    const target = addDays(date, DAY_BLOCK);
    let d = this.scanned;
    while (d < target) {
      d = addDays(d, 1);
      if (isTradingDay(this.market, d)) {
        this.index.set(d, this.dates.length);
        this.dates.push(d);
        this.days.push(dayNumber(d));
        this.years.push(dateParts(d)[0]);
      }
    }
    this.scanned = d;
  }

  /** Make sure at least `n` + 1 trading days are listed. */
  ensureIndex(n: number): void {
    while (this.dates.length <= n) this.ensure(addDays(this.scanned, DAY_BLOCK));
  }

  indexOf(date: LocalDate): number | undefined {
    this.ensure(date);
    return this.index.get(date);
  }

  /** Index of the last trading day on or before `date`; -1 when before the first. */
  indexOnOrBefore(date: LocalDate): number {
    this.ensure(date);
    const exact = this.index.get(date);
    if (exact !== undefined) return exact;
    let lo = 0;
    let hi = this.dates.length - 1;
    let ans = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.dates[mid] <= date) {
        ans = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return ans;
  }

  session(i: number): DaySession {
    this.ensureIndex(i);
    let s = this.sessions[i];
    if (!s) {
      s = buildSession(this.market, this.dates[i]);
      this.sessions[i] = s;
    }
    return s;
  }
}

function buildSession(market: Market, date: LocalDate): DaySession {
  const sched = daySchedule(market, date);
  if (!sched) throw new Error(`${date} is not a ${market} trading day`);
  const ranges: MinuteRange[] = [];
  let first = 0;
  let auction: DaySession['auction'] = null;
  for (const p of sched.phases) {
    if (p.state === 'open') {
      const minutes = Math.round((p.end - p.start) / 60_000);
      ranges.push({ start: p.start, minutes, localStart: p.localStart, first });
      first += minutes;
    } else if (p.state === 'closing_auction') auction = { start: p.start, end: p.end, localEnd: p.localEnd };
  }
  const last = ranges[ranges.length - 1];
  const continuousEnd = last.start + last.minutes * 60_000;
  return {
    date,
    day: dayNumber(date),
    ranges,
    minutes: first,
    open: ranges[0].start,
    continuousEnd,
    auction,
    end: auction ? auction.end : continuousEnd,
    midnight: zonedEpoch(MARKET_ZONE[market], date, 0),
  };
}

/** Epoch ms of continuous minute `m`. */
export function minuteTime(s: DaySession, m: number): number {
  for (const r of s.ranges) if (m < r.first + r.minutes) return r.start + (m - r.first) * 60_000;
  const last = s.ranges[s.ranges.length - 1];
  return last.start + (m - last.first) * 60_000;
}

/** Local minute-of-day of continuous minute `m`. */
export function minuteLocal(s: DaySession, m: number): number {
  for (const r of s.ranges) if (m < r.first + r.minutes) return r.localStart + (m - r.first);
  const last = s.ranges[s.ranges.length - 1];
  return last.localStart + (m - last.first);
}
