import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  addDays,
  dayNumber,
  FIXED_OFFSETS,
  fromDayNumber,
  isLocalDate,
  wallClock,
  weekday,
  zonedEpoch,
  zonedParts,
  zoneOffsetMs,
} from '../../src/index.ts';

const MINUTE_MS = 60_000;

const formats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset at a whole minute, asked of Intl directly. */
function intlOffset(zone: string, at: number): number {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formats.set(zone, format);
  }
  const parts = format.formatToParts(new Date(at));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute')) - at;
}

describe('dates and zones without a date library', () => {
  test('day numbers and weekdays', () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(fromDayNumber(dayNumber('2026-11-23'))).toBe('2026-11-23');
    expect(weekday('2026-11-23')).toBe(1);
    expect(weekday('2026-11-26')).toBe(4);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(isLocalDate('2026-02-29')).toBe(false);
    expect(isLocalDate('2024-02-29')).toBe(true);
  });

  test('a wall clock to the minute, as a datetime-local value', () => {
    const at = Date.parse('2026-11-25T00:00:59Z');
    expect(wallClock('Asia/Tokyo', at)).toBe('2026-11-25T09:00');
    expect(wallClock('America/New_York', at)).toBe('2026-11-24T19:00');
    expect(wallClock('America/New_York', Date.parse('2026-07-01T13:30:00Z'))).toBe('2026-07-01T09:30');
  });

  test('New York wall clock across daylight-saving changes', () => {
    expect(zonedEpoch('America/New_York', '2026-03-09', 9.5 * 3600)).toBe(Date.parse('2026-03-09T13:30:00Z'));
    expect(zonedEpoch('America/New_York', '2026-03-06', 9.5 * 3600)).toBe(Date.parse('2026-03-06T14:30:00Z'));
    expect(zonedParts('America/New_York', Date.parse('2026-11-02T14:30:00Z'))).toEqual({
      date: '2026-11-02',
      secondOfDay: 9.5 * 3600,
      minuteOfDay: 570,
    });
  });

  test('a zone of fixed offset agrees with Intl from its date on, and asks Intl before it', () => {
    for (const [zone, { since, offsetMs }] of Object.entries(FIXED_OFFSETS)) {
      expect(intlOffset(zone, since)).toBe(offsetMs);
      fc.assert(
        fc.property(
          fc.integer({ min: since / MINUTE_MS, max: Date.UTC(2040, 0, 1) / MINUTE_MS }),
          (minute) => {
            const at = minute * MINUTE_MS;
            expect(zoneOffsetMs(zone, at)).toBe(offsetMs);
            expect(intlOffset(zone, at)).toBe(offsetMs);
          },
        ),
        { numRuns: 300 },
      );
    }
    // their last summer times, from Intl
    const hour = 3_600_000;
    expect(zoneOffsetMs('Asia/Tokyo', Date.UTC(1949, 6, 1))).toBe(10 * hour);
    expect(zoneOffsetMs('Asia/Seoul', Date.UTC(1988, 6, 1))).toBe(10 * hour);
    expect(zoneOffsetMs('Asia/Shanghai', Date.UTC(1991, 6, 1))).toBe(9 * hour);
  });

  test('round trip local → instant → local in every exchange zone', () => {
    const zones = ['Asia/Tokyo', 'America/New_York', 'Asia/Shanghai', 'Asia/Seoul'];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: dayNumber('2015-01-01'), max: dayNumber('2035-12-31') }),
        fc.integer({ min: 4 * 3600, max: 23 * 3600 }),
        (zone, day, second) => {
          const date = fromDayNumber(day);
          const t = zonedEpoch(zone, date, second);
          const back = zonedParts(zone, t);
          expect(back.date).toBe(date);
          expect(back.secondOfDay).toBe(second);
        },
      ),
      { numRuns: 500 },
    );
  });
});
