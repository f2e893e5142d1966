/**
 * The sub-chart indicators of the intraday chart, worked out from its minute bars with the parameters
 * brokers' charts (and klinecharts, which draws the other tabs) use by default. A value that cannot be
 * known yet (before its window has filled) is `undefined`, which the chart leaves out and its legend
 * shows as a dash.
 */
type Bar = { high: number; low: number; close: number };
export type Line = (number | undefined)[];

/** Exponential moving average seeded with the first value: (2·x + (n − 1)·previous) / (n + 1). */
function ema(values: readonly number[], n: number): number[] {
  const out: number[] = [];
  let previous = values[0];
  for (const x of values) {
    previous = (2 * x + (n - 1) * previous) / (n + 1);
    out.push(previous);
  }
  return out;
}

/** MACD (12, 26, 9): DIF = EMA12 − EMA26, DEA = EMA9 of DIF, the bar 2 · (DIF − DEA). */
export function macd(bars: readonly Bar[], fast = 12, slow = 26, signal = 9) {
  const closes = bars.map((b) => b.close);
  const short = ema(closes, fast);
  const long = ema(closes, slow);
  const dif = closes.map((_, i) => short[i] - long[i]);
  const dea = ema(dif, signal);
  return { dif, dea, macd: dif.map((d, i) => 2 * (d - dea[i])) };
}

/**
 * KDJ (9, 3, 3): RSV is where the close lies in the last n bars' range (0–100); K and D smooth it
 * (K = (2·K′ + RSV) / 3, D = (2·D′ + K) / 3, both starting at 50) and J = 3K − 2D. A window without
 * a range (every price the same) leaves K where it was.
 */
export function kdj(bars: readonly Bar[], n = 9, m1 = 3, m2 = 3) {
  const k: Line = [];
  const d: Line = [];
  const j: Line = [];
  let previousK = 50;
  let previousD = 50;
  bars.forEach((bar, i) => {
    if (i < n - 1) {
      k.push(undefined);
      d.push(undefined);
      j.push(undefined);
      return;
    }
    let high = -Infinity;
    let low = Infinity;
    for (let w = i - n + 1; w <= i; w++) {
      high = Math.max(high, bars[w].high);
      low = Math.min(low, bars[w].low);
    }
    const rsv = high > low ? ((bar.close - low) / (high - low)) * 100 : previousK;
    previousK = ((m1 - 1) * previousK + rsv) / m1;
    previousD = ((m2 - 1) * previousD + previousK) / m2;
    k.push(previousK);
    d.push(previousD);
    j.push(3 * previousK - 2 * previousD);
  });
  return { k, d, j };
}

/**
 * RSI over each period (6, 12, 24): the smoothed rises over the smoothed moves (Wilder's average,
 * SMA(x, n, 1)), as a percentage. Known from the n-th change on; 50 while nothing has moved.
 */
export function rsi(bars: readonly Bar[], periods: readonly number[] = [6, 12, 24]): Line[] {
  return periods.map((n) => {
    const out: Line = [undefined];
    let up = 0;
    let move = 0;
    for (let i = 1; i < bars.length; i++) {
      const change = bars[i].close - bars[i - 1].close;
      up = (Math.max(change, 0) + (n - 1) * up) / n;
      move = (Math.abs(change) + (n - 1) * move) / n;
      out.push(i < n ? undefined : move > 0 ? (up / move) * 100 : 50);
    }
    return out.slice(0, bars.length);
  });
}
