import { dayNumber, type LocalDate } from '../markets/time.ts';

/**
 * The longest period, in days with both ends counted, of a statement made on demand (the records' CSV
 * statement, the 取引残高報告書): a year, leap years included. The server refuses longer ones; the screens
 * say so before asking.
 */
export const STATEMENT_MAX_DAYS = 366;

/** Days from `start` to `end`, both counted (a date to itself is 1). */
export const spanDays = (start: LocalDate, end: LocalDate): number => dayNumber(end) - dayNumber(start) + 1;
