import { describe, expect, it } from 'vitest';
import { kdj, macd, rsi } from './indicators.ts';

const closes = (...values: number[]) => values.map((close) => ({ high: close, low: close, close }));

describe('macd', () => {
  it('is zero on a flat price', () => {
    const m = macd(closes(100, 100, 100, 100));
    expect([...m.dif, ...m.dea, ...m.macd].every((v) => v === 0)).toBe(true);
  });

  it('takes its averages from the first close on: DIF = EMA12 − EMA26, the bar 2·(DIF − DEA)', () => {
    const m = macd(closes(10, 20));
    // EMA12: 10, (2·20 + 11·10) / 13; EMA26: 10, (2·20 + 25·10) / 27
    const dif = 150 / 13 - 290 / 27;
    expect(m.dif[0]).toBe(0);
    expect(m.dif[1]).toBeCloseTo(dif, 10);
    const dea = (2 * dif) / 10;
    expect(m.dea[1]).toBeCloseTo(dea, 10);
    expect(m.macd[1]).toBeCloseTo(2 * (dif - dea), 10);
  });
});

describe('kdj', () => {
  it('is unknown until its window has filled, then smooths RSV from 50', () => {
    const bars = [
      { high: 11, low: 9, close: 10 },
      { high: 12, low: 10, close: 11 },
      { high: 13, low: 11, close: 13 },
    ];
    const k = kdj(bars, 3);
    expect(k.k.slice(0, 2)).toEqual([undefined, undefined]);
    // the close at the top of the window's range (9–13): RSV 100
    expect(k.k[2]).toBeCloseTo((2 * 50 + 100) / 3, 10);
    expect(k.d[2]).toBeCloseTo((2 * 50 + (2 * 50 + 100) / 3) / 3, 10);
    expect(k.j[2]).toBeCloseTo(3 * (k.k[2] ?? 0) - 2 * (k.d[2] ?? 0), 10);
  });

  it('stays where it was over a window without a range', () => {
    const k = kdj(closes(5, 5, 5, 5, 5, 5, 5, 5, 5, 5));
    expect(k.k[9]).toBe(50);
    expect(k.j[9]).toBe(50);
  });
});

describe('rsi', () => {
  it('is unknown for its first n changes, then 100 on rises only and 0 on falls only', () => {
    const [up] = rsi(closes(1, 2, 3, 4, 5), [3]);
    expect(up).toEqual([undefined, undefined, undefined, 100, 100]);
    const [down] = rsi(closes(5, 4, 3, 2, 1), [3]);
    expect(down.slice(3)).toEqual([0, 0]);
  });

  it('weighs rises against all moves with Wilder’s average, and is 50 when nothing moved', () => {
    const [r] = rsi(closes(10, 11, 10, 12), [2]);
    // up: ½·1 = 0.5, ½·0.5 = 0.25, (2 + 0.25)/2 = 1.125; moves: 0.5, (1 + 0.5)/2 = 0.75, (2 + 0.75)/2 = 1.375
    expect(r[2]).toBeCloseTo((0.25 / 0.75) * 100, 10);
    expect(r[3]).toBeCloseTo((1.125 / 1.375) * 100, 10);
    expect(rsi(closes(7, 7, 7), [1])[0]).toEqual([undefined, 50, 50]);
  });

  it('gives one line per period, as long as the bars', () => {
    const lines = rsi(closes(1, 2, 3), [6, 12, 24]);
    expect(lines).toHaveLength(3);
    expect(lines.every((l) => l.length === 3)).toBe(true);
    expect(rsi([], [6])[0]).toEqual([]);
  });
});
