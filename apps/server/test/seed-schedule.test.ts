import { isTradingDay, localDate, MARKET_ZONE } from '@kabuto/domain';
import { describe, expect, it } from 'vitest';
import { SEED_OFFERINGS, seedSchedule } from '../src/seed/content/new-shares.ts';

/** "HH:MM" of an instant on a zone's clock. */
const localHm = (zone: string, d: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(d);

// Clocks across the day on both sides of the Tokyo and New York midnights.
const CLOCKS = [
  '2026-11-24T10:00:00+09:00',
  '2026-11-24T00:30:00+09:00',
  '2026-11-24T23:30:00+09:00',
  '2026-11-26T16:00:00+09:00',
  '2026-11-24T10:00:00-05:00',
].map((s) => Date.parse(s));

describe('the demo new-share calendar', () => {
  it('puts every date on the exchange clock at its step time (not at the time of day the server started)', () => {
    for (const now of CLOCKS)
      for (const o of SEED_OFFERINGS) {
        const times = seedSchedule(o, now).map((d) => localHm(MARKET_ZONE[o.market], d));
        expect(times, `${o.code} at ${new Date(now).toISOString()}`).toEqual([
          '09:00',
          '15:00',
          '09:00',
          '15:00',
          '09:00',
        ]);
      }
  });

  it('puts every date on a business day of its market (never a weekend or holiday)', () => {
    // a Saturday, a Sunday and the day before a Japanese holiday (2026-11-23) among the clocks
    const clocks = [
      ...CLOCKS,
      Date.parse('2026-11-28T10:00:00+09:00'),
      Date.parse('2026-11-29T10:00:00+09:00'),
      Date.parse('2026-11-22T10:00:00+09:00'),
    ];
    for (const now of clocks)
      for (const o of SEED_OFFERINGS)
        for (const d of seedSchedule(o, now))
          expect(
            isTradingDay(o.market, localDate(o.market, d.getTime())),
            `${o.code} ${d.toISOString()}`,
          ).toBe(true);
  });

  it('keeps the steps in order and each offering in the phase its days give it', () => {
    for (const now of [
      ...CLOCKS,
      Date.parse('2026-11-28T10:00:00+09:00'),
      Date.parse('2026-11-29T10:00:00+09:00'),
    ])
      for (const o of SEED_OFFERINGS) {
        const [start, end, lottery, deadline, listing] = seedSchedule(o, now).map((d) => d.getTime());
        expect(start < end && end <= lottery && lottery <= deadline && deadline <= listing).toBe(true);
        const [s, e, , p] = o.days;
        expect(start <= now, o.code).toBe(s <= 0);
        expect(end > now, o.code).toBe(e > 0);
        if (p > 0) expect(deadline > now, o.code).toBe(true);
      }
  });
});
