import { describe, expect, it } from 'vitest';
import { daysBefore, jstDate } from './jst-dates.ts';

describe('JST dates', () => {
  it('formats an instant as the Japanese calendar date', () => {
    expect(jstDate(Date.parse('2026-11-23T16:00:00Z'))).toBe('2026-11-24');
    expect(jstDate(Date.parse('2026-11-23T14:59:00Z'))).toBe('2026-11-23');
  });

  it('counts days', () => {
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
  });
});
