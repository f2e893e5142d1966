/** Calendar dates in Japan time (the server's records and statements are by JST date). */
const JST_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** YYYY-MM-DD in JST of an instant (default now). */
export const jstDate = (at: number = Date.now()): string => JST_DATE.format(new Date(at));

/** YYYY-MM-DD of `days` before a JST date. */
export function daysBefore(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const t = Date.UTC(y, m - 1, d) - days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}
