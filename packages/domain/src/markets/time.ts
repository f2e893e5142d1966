/**
 * Calendar-date and time-zone maths without a date library.
 *
 * A `LocalDate` is an ISO calendar date string (`YYYY-MM-DD`) in some exchange's own time zone.
 * Zone offsets come from `Intl.DateTimeFormat`, cached per (zone, UTC day), and per UTC hour on the
 * days an offset changes (every zone we use changes its offset on a whole hour) — except in the zones
 * whose offset has stood still for decades (`FIXED_OFFSETS`).
 */
export type LocalDate = string;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLocalDate(text: string): boolean {
  const m = DATE_RE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return false;
  return fromDayNumber(dayNumberOf(y, mo, d)) === text;
}

function dayNumberOf(y: number, m: number, d: number): number {
  return Math.floor(Date.UTC(y, m - 1, d) / DAY_MS);
}

/** [year, month (1–12), day]. */
export function dateParts(date: LocalDate): [number, number, number] {
  const m = DATE_RE.exec(date);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** Days since 1970-01-01. */
export function dayNumber(date: LocalDate): number {
  const [y, m, d] = dateParts(date);
  return dayNumberOf(y, m, d);
}

export function fromDayNumber(n: number): LocalDate {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

export const makeDate = (year: number, month: number, day: number): LocalDate =>
  fromDayNumber(dayNumberOf(year, month, day));

export const addDays = (date: LocalDate, days: number): LocalDate => fromDayNumber(dayNumber(date) + days);

/** 0 = Sunday … 6 = Saturday. */
export const weekday = (date: LocalDate): number => (((dayNumber(date) + 4) % 7) + 7) % 7;

export const isWeekend = (date: LocalDate): boolean => {
  const w = weekday(date);
  return w === 0 || w === 6;
};

/** "HH:MM" → minutes after local midnight. */
export function parseHm(hm: string): number {
  const m = /^(\d{2}):(\d{2})$/.exec(hm);
  if (!m) throw new RangeError(`not an HH:MM time: ${hm}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

export const formatHm = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Zones that have kept one offset since a date (their last summer time ended in 1951, 1988 and 1991):
 * from then on the offset is a constant and needs no zone data, which a browser loads on its first
 * zoned format (13–20 ms in a fresh Chromium, about 100 ms on a phone-speed CPU) — the intraday
 * charts of Tokyo, Seoul and Shanghai stocks are drawn without it. Before the date, `Intl` answers. Should one of
 * these countries bring summer time back, its row goes (a test holds the rows to `Intl`).
 */
export const FIXED_OFFSETS: Readonly<Record<string, { since: number; offsetMs: number }>> = {
  'Asia/Tokyo': { since: Date.UTC(1952, 0, 1), offsetMs: 9 * HOUR_MS },
  'Asia/Seoul': { since: Date.UTC(1989, 0, 1), offsetMs: 9 * HOUR_MS },
  'Asia/Shanghai': { since: Date.UTC(1992, 0, 1), offsetMs: 8 * HOUR_MS },
};

const formatters = new Map<string, Intl.DateTimeFormat>();
/** zone → UTC day → offset for the whole day, or NaN when the offset changes during that day. */
const dayOffsets = new Map<string, Map<number, number>>();
const hourOffsets = new Map<string, Map<number, number>>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Offset at a whole-second instant, straight from Intl. */
function intlOffset(zone: string, at: number): number {
  const parts = formatter(zone).formatToParts(new Date(at));
  const get = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((p) => p.type === type)?.value);
  const h = get('hour') % 24;
  return Date.UTC(get('year'), get('month') - 1, get('day'), h, get('minute'), get('second')) - at;
}

function cacheFor(store: Map<string, Map<number, number>>, zone: string): Map<number, number> {
  let m = store.get(zone);
  if (!m) {
    m = new Map();
    store.set(zone, m);
  }
  if (m.size > 100_000) m.clear();
  return m;
}

/** The zone's offset from UTC (ms, east positive) at an instant. */
export function zoneOffsetMs(zone: string, epochMs: number): number {
  const fixed = FIXED_OFFSETS[zone];
  if (fixed && epochMs >= fixed.since) return fixed.offsetMs;
  const day = Math.floor(epochMs / DAY_MS);
  const days = cacheFor(dayOffsets, zone);
  let whole = days.get(day);
  if (whole === undefined) {
    const start = intlOffset(zone, day * DAY_MS);
    const end = intlOffset(zone, (day + 1) * DAY_MS - 1000);
    whole = start === end ? start : Number.NaN;
    days.set(day, whole);
  }
  if (!Number.isNaN(whole)) return whole;
  // a transition day: every zone we use changes its offset on a whole hour
  const hour = Math.floor(epochMs / HOUR_MS);
  const hours = cacheFor(hourOffsets, zone);
  let off = hours.get(hour);
  if (off === undefined) {
    off = intlOffset(zone, hour * HOUR_MS);
    hours.set(hour, off);
  }
  return off;
}

export interface ZonedParts {
  date: LocalDate;
  /** Seconds after local midnight. */
  secondOfDay: number;
  minuteOfDay: number;
}

export function zonedParts(zone: string, epochMs: number): ZonedParts {
  const local = epochMs + zoneOffsetMs(zone, epochMs);
  const day = Math.floor(local / DAY_MS);
  const secondOfDay = Math.floor((local - day * DAY_MS) / 1000);
  return { date: fromDayNumber(day), secondOfDay, minuteOfDay: Math.floor(secondOfDay / 60) };
}

/** The zone's wall clock at an instant, to the minute, as a `datetime-local` value: `2026-11-25T09:00`. */
export function wallClock(zone: string, epochMs: number): string {
  const { date, minuteOfDay } = zonedParts(zone, epochMs);
  return `${date}T${formatHm(minuteOfDay)}`;
}

/** The instant at which the zone's wall clock shows `date` + `secondOfDay`. */
export function zonedEpoch(zone: string, date: LocalDate, secondOfDay: number): number {
  const local = dayNumber(date) * DAY_MS + secondOfDay * 1000;
  const guess = local - zoneOffsetMs(zone, local);
  return local - zoneOffsetMs(zone, guess);
}
