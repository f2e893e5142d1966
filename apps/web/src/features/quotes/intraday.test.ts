import { describe, expect, it } from 'vitest';
import { appendBar, axisForBars, intradayBars, sessionAxis, slotLabel, slotOf } from './intraday.ts';

const at = (iso: string) => Date.parse(iso);
const bar = (iso: string, close: number, volume: number, open = close) => ({
  timestamp: at(iso),
  open,
  high: Math.max(open, close),
  low: Math.min(open, close),
  close,
  volume,
});

describe('sessionAxis', () => {
  it('spans the whole Tokyo session without the lunch break', () => {
    const axis = sessionAxis('jpy', '2026-11-24');
    expect(axis).not.toBeNull();
    if (!axis) return;
    // 09:00–11:30 (150 minutes) and 12:30–15:30 (180, the closing auction included)
    expect(axis.slots).toHaveLength(330);
    expect(axis.slots[0]).toBe(at('2026-11-24T09:00:00+09:00'));
    expect(axis.slots[149]).toBe(at('2026-11-24T11:29:00+09:00'));
    expect(axis.slots[150]).toBe(at('2026-11-24T12:30:00+09:00'));
    expect(axis.slots[329]).toBe(at('2026-11-24T15:29:00+09:00'));
    expect(axis.marks).toEqual([
      { index: 0, label: '09:00' },
      { index: 150, label: '11:30/12:30' },
      { index: 329, label: '15:30' },
    ]);
  });

  it('names each minute in the exchange’s time (the crosshair’s legend)', () => {
    const tokyo = sessionAxis('jpy', '2026-11-24');
    const newYork = sessionAxis('usd', '2026-11-24');
    if (!tokyo || !newYork) throw new Error('no session');
    expect([0, 149, 150, 329].map((i) => slotLabel(tokyo, i))).toEqual(['09:00', '11:29', '12:30', '15:29']);
    expect(slotLabel(newYork, 0)).toBe('09:30');
  });

  it('is one block for New York, in New York time, and shorter on an early close', () => {
    const axis = sessionAxis('usd', '2026-11-24');
    expect(axis?.slots).toHaveLength(390);
    expect(axis?.slots[0]).toBe(at('2026-11-24T09:30:00-05:00'));
    expect(axis?.marks.map((m) => m.label)).toEqual(['09:30', '16:00']);
    // the day after Thanksgiving closes at 13:00
    expect(sessionAxis('usd', '2026-11-27')?.slots).toHaveLength(210);
  });

  it('leaves out Shanghai’s opening call', () => {
    const axis = sessionAxis('cny', '2026-11-24');
    expect(axis?.slots).toHaveLength(240);
    expect(axis?.marks.map((m) => m.label)).toEqual(['09:30', '11:30/13:00', '15:00']);
  });

  it('is null on a day without a session', () => {
    expect(sessionAxis('jpy', '2026-11-23')).toBeNull(); // Labour Thanksgiving Day
    expect(sessionAxis('jpy', '2026-11-22')).toBeNull(); // Sunday
  });
});

describe('slotOf', () => {
  const axis = sessionAxis('jpy', '2026-11-24');
  if (!axis) throw new Error('no session');
  it('puts a time into the minute it falls in, a break into the minute before it', () => {
    expect(slotOf(axis, at('2026-11-24T08:59:00+09:00'))).toBe(0);
    expect(slotOf(axis, at('2026-11-24T09:00:30+09:00'))).toBe(0);
    expect(slotOf(axis, at('2026-11-24T09:01:00+09:00'))).toBe(1);
    expect(slotOf(axis, at('2026-11-24T12:00:00+09:00'))).toBe(149);
    expect(slotOf(axis, at('2026-11-24T12:30:00+09:00'))).toBe(150);
    expect(slotOf(axis, at('2026-11-24T16:00:00+09:00'))).toBe(329);
  });
});

describe('intradayBars', () => {
  it('keeps the day on screen only and fills quiet minutes flat', () => {
    const bars = [
      bar('2026-11-20T15:29:00+09:00', 90, 10), // the trading day before
      bar('2026-11-24T09:00:00+09:00', 100, 10),
      bar('2026-11-24T09:03:00+09:00', 104, 30, 101),
    ];
    const axis = axisForBars('jpy', bars);
    if (!axis) throw new Error('no axis');
    expect(axis.date).toBe('2026-11-24');
    const out = intradayBars(axis, bars);
    expect(out.map((b) => b.close)).toEqual([100, 100, 100, 104]);
    expect(out.map((b) => b.volume)).toEqual([10, 0, 0, 30]);
    expect(out.map((b) => b.timestamp)).toEqual(axis.slots.slice(0, 4));
  });

  it('draws the volume-weighted average price of the day', () => {
    const axis = sessionAxis('jpy', '2026-11-24');
    if (!axis) throw new Error('no axis');
    const out = intradayBars(axis, [
      bar('2026-11-24T09:00:00+09:00', 100, 10),
      bar('2026-11-24T09:01:00+09:00', 110, 30),
      bar('2026-11-24T09:02:00+09:00', 120, 0),
    ]);
    // (100×10 + 110×30) / 40 = 107.5, unchanged by a minute without volume
    expect(out.map((b) => b.avg)).toEqual([100, 107.5, 107.5]);
  });

  it('starts a late first trade from its open; the average holds the first price until volume trades', () => {
    const axis = sessionAxis('jpy', '2026-11-24');
    if (!axis) throw new Error('no axis');
    const out = intradayBars(axis, [bar('2026-11-24T09:02:00+09:00', 105, 0, 103)]);
    expect(out).toHaveLength(3);
    expect(out[0]).toMatchObject({ close: 103, volume: 0, avg: 103 });
    expect(out[2]).toMatchObject({ open: 103, close: 105, avg: 103 });
  });

  it('lays the afternoon right after the morning', () => {
    const axis = sessionAxis('jpy', '2026-11-24');
    if (!axis) throw new Error('no axis');
    const out = intradayBars(axis, [
      bar('2026-11-24T11:29:00+09:00', 100, 1),
      bar('2026-11-24T12:30:00+09:00', 101, 1),
    ]);
    expect(out).toHaveLength(151);
    expect(out[150]).toMatchObject({ timestamp: at('2026-11-24T12:30:00+09:00'), close: 101 });
  });
});

describe('appendBar (live ticks)', () => {
  const axis = sessionAxis('jpy', '2026-11-24');
  if (!axis) throw new Error('no axis');
  it('merges a tick into its minute and opens the next minutes, flat where nothing traded', () => {
    const out = intradayBars(axis, [bar('2026-11-24T09:00:00+09:00', 100, 10)]);
    expect(appendBar(axis, out, bar('2026-11-24T09:00:40+09:00', 102, 10))).toHaveLength(1);
    expect(out[0]).toMatchObject({ open: 100, high: 102, close: 102, volume: 20, avg: 101 });
    const changed = appendBar(axis, out, bar('2026-11-24T09:02:05+09:00', 99, 5));
    expect(changed.map((b) => b.close)).toEqual([102, 99]);
    expect(out.map((b) => b.timestamp)).toEqual(axis.slots.slice(0, 3));
    // an older tick changes nothing
    expect(appendBar(axis, out, bar('2026-11-24T09:00:10+09:00', 50, 1))).toEqual([]);
  });

  it('takes ticks of the exchange’s own day only, midnight to midnight in its zone', () => {
    const ny = sessionAxis('usd', '2026-11-24');
    if (!ny) throw new Error('no axis');
    expect([ny.from, ny.to]).toEqual([at('2026-11-24T00:00:00-05:00'), at('2026-11-25T00:00:00-05:00')]);
    const out = intradayBars(ny, [bar('2026-11-24T09:30:00-05:00', 100, 10)]);
    expect(appendBar(ny, out, bar('2026-11-24T23:59:59-05:00', 101, 1))).toHaveLength(ny.slots.length - 1);
    expect(appendBar(ny, out, bar('2026-11-25T00:00:00-05:00', 102, 1))).toEqual([]);
    expect(appendBar(ny, [], bar('2026-11-23T23:59:59-05:00', 99, 1))).toEqual([]);
  });
});
