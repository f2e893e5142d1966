import {
  addDays,
  dateParts,
  isWeekend,
  type LocalDate,
  publicHoliday,
  zonedEpoch,
  zonedParts,
} from '@kabuto/domain';

/**
 * Japanese banking days and the JST windows of money calls (deposits, withdrawals).
 * Japan has no daylight saving time, but the zone maths come from the domain anyway.
 */
export const JST = 'Asia/Tokyo';

/** Banks close on weekends, public holidays and 31 Dec – 3 Jan. */
export function isJapaneseBusinessDay(date: LocalDate): boolean {
  if (isWeekend(date)) return false;
  const [, m, d] = dateParts(date);
  if ((m === 12 && d === 31) || (m === 1 && d <= 3)) return false;
  return publicHoliday('jpy', date) === null;
}

export const jstDate = (epochMs: number): LocalDate => zonedParts(JST, epochMs).date;

/** The instant a JST date starts. */
export const jstStartOfDay = (date: LocalDate): number => zonedEpoch(JST, date, 0);
/** The instant after a JST date ends (the next day's start). */
export const jstEndOfDay = (date: LocalDate): number => zonedEpoch(JST, addDays(date, 1), 0);

export interface Window {
  /** HH:MM */
  from: string;
  /** HH:MM, inclusive at minute resolution (23:59 = until midnight). */
  to: string;
}

const minutes = (hm: string) => Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3, 5));

/** "09:00-15:00": how a refusal names a window (the client adds the words). */
export const windowText = (w: Window) => `${w.from}-${w.to}`;

/**
 * Whether a JST window is open at an instant: within [from, to] by the minute, and on a Japanese
 * business day unless `everyDay`. A window whose end is before its start runs over midnight.
 */
export function isWindowOpen(w: Window, epochMs: number, everyDay = false): boolean {
  const { date, minuteOfDay } = zonedParts(JST, epochMs);
  const from = minutes(w.from);
  const to = minutes(w.to);
  if (from <= to) {
    if (minuteOfDay < from || minuteOfDay > to) return false;
    return everyDay || isJapaneseBusinessDay(date);
  }
  // over midnight: the part after midnight belongs to the previous day's window
  if (minuteOfDay >= from) return everyDay || isJapaneseBusinessDay(date);
  if (minuteOfDay <= to) return everyDay || isJapaneseBusinessDay(addDays(date, -1));
  return false;
}
