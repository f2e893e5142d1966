import { isTradingDay, localDate } from '@kabuto/domain';
import { describe, expect, it } from 'vitest';
import { seedBlockWindow } from '../src/seed/block-trades.ts';

const jst = (iso: string) => Date.parse(`${iso}+09:00`);
const hm = (t: number) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit' }).format(t);

describe('the demo’s block windows are on Tokyo’s trading days', () => {
  // a weekday morning and evening, a Saturday, a holiday Monday (勤労感謝の日 observed), New Year
  for (const now of [
    '2026-11-24T10:00:00',
    '2026-11-24T20:00:00',
    '2026-11-25T08:00:00',
    '2026-11-28T12:00:00',
    '2026-11-23T12:00:00',
    '2026-12-31T12:00:00',
  ]) {
    it(`seeded at ${now}`, () => {
      const t = jst(now);
      for (const days of [1, 2, 3, 5]) {
        const open = seedBlockWindow(t, { open: true, days });
        const upcoming = seedBlockWindow(t, { open: false, days });
        expect(open.start <= t && t < open.end).toBe(true);
        expect(upcoming.start > t && upcoming.end > upcoming.start).toBe(true);
        for (const w of [open, upcoming]) {
          expect(isTradingDay('jpy', localDate('jpy', w.start))).toBe(true);
          expect(isTradingDay('jpy', localDate('jpy', w.end))).toBe(true);
          expect(hm(w.start)).toBe('09:00');
          expect(hm(w.end)).toBe('15:30');
        }
      }
    });
  }
});
