import { publicHoliday } from '../markets/holidays.ts';
import { addDays, dateParts, isWeekend, type LocalDate, zonedEpoch, zonedParts } from '../markets/time.ts';

/**
 * The deposit and withdrawal windows: money calls are taken in a daily window of Japan time (JST), on
 * Japanese banking days. The withdrawal window is the `withdraw_window` setting; a deposit channel has a
 * window of its own (`open_from`–`open_to`), and a quick channel's window runs every day.
 * Japan has no daylight saving time, but the zone maths come from the market time rules anyway.
 */
export const JST = 'Asia/Tokyo';

/** Banks close on weekends, public holidays and 31 Dec – 3 Jan. */
export function isJapaneseBusinessDay(date: LocalDate): boolean {
  if (isWeekend(date)) return false;
  const [, m, d] = dateParts(date);
  if ((m === 12 && d === 31) || (m === 1 && d <= 3)) return false;
  return publicHoliday('jpy', date) === null;
}

/** The JST date of an instant. */
export const jstDate = (epochMs: number): LocalDate => zonedParts(JST, epochMs).date;

/** The instant a JST date starts. */
export const jstStartOfDay = (date: LocalDate): number => zonedEpoch(JST, date, 0);
/** The instant after a JST date ends (the next day's start). */
export const jstEndOfDay = (date: LocalDate): number => zonedEpoch(JST, addDays(date, 1), 0);

/** A daily window of JST wall-clock time. */
export interface DailyWindow {
  /** HH:MM */
  from: string;
  /** HH:MM, inclusive at minute resolution (23:59 = until midnight). */
  to: string;
}

/** "09:00-15:00": how a refusal names a window (the client adds the words). */
/** "HH:MM" → minutes after midnight (the settings' schemas check the format). */
const minutes = (hm: string): number => Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3, 5));

export const windowText = (w: DailyWindow): string => `${w.from}-${w.to}`;

/**
 * Whether a JST window is open at an instant: within [from, to] by the minute, and on a Japanese
 * business day unless `everyDay`. A window whose end is before its start runs over midnight; its part
 * after midnight belongs to the previous day's window (and that day must be a business day).
 */
export function isWindowOpen(w: DailyWindow, epochMs: number, everyDay = false): boolean {
  const { date, minuteOfDay } = zonedParts(JST, epochMs);
  const from = minutes(w.from);
  const to = minutes(w.to);
  if (from <= to) {
    if (minuteOfDay < from || minuteOfDay > to) return false;
    return everyDay || isJapaneseBusinessDay(date);
  }
  if (minuteOfDay >= from) return everyDay || isJapaneseBusinessDay(date);
  if (minuteOfDay <= to) return everyDay || isJapaneseBusinessDay(addDays(date, -1));
  return false;
}
