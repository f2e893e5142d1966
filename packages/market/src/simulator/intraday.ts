import { type NumGrid, snapDown, snapNearest, snapUp } from './grid.ts';
import { mix, Rng } from './random.ts';
import type { SymbolSeries } from './series.ts';
import { type DaySession, minuteLocal, minuteTime } from './timeline.ts';

export const SAMPLES_PER_MINUTE = 12;
export const SAMPLE_MS = 60_000 / SAMPLES_PER_MINUTE;

/** A bar in plain numbers (integer units / shares) with its turnover in bigint units. */
export interface Bar {
  time: number;
  /** Local minute-of-day (intraday bars) or day number (daily bars). */
  local: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
  t: bigint;
}

/** Where an instant falls in a trading day. */
export interface PathPosition {
  /** Continuous minutes fully traded. */
  complete: number;
  /** The minute in progress and its 5-second sample. */
  partial: { m: number; j: number } | null;
  /** The closing print has happened. */
  final: boolean;
  /** Instant of the last price change. */
  time: number;
}

export function positionAt(s: DaySession, t: number): PathPosition {
  if (t >= s.end) return { complete: s.minutes, partial: null, final: true, time: s.end };
  if (t >= s.continuousEnd)
    return { complete: s.minutes, partial: null, final: false, time: s.continuousEnd - SAMPLE_MS };
  let prevEnd = s.open;
  for (const r of s.ranges) {
    if (t < r.start) return { complete: r.first, partial: null, final: false, time: prevEnd };
    const end = r.start + r.minutes * 60_000;
    if (t < end) {
      const k = Math.floor((t - r.start) / 60_000);
      const j = Math.floor((t - r.start - k * 60_000) / SAMPLE_MS);
      return {
        complete: r.first + k,
        partial: { m: r.first + k, j },
        final: false,
        time: r.start + k * 60_000 + j * SAMPLE_MS,
      };
    }
    prevEnd = end - SAMPLE_MS;
  }
  return { complete: s.minutes, partial: null, final: false, time: prevEnd };
}

const floorLot = (v: number, lot: number): number => Math.floor(v / lot) * lot;

/**
 * One trading day of one instrument: a bridge from the open to the pre-auction price through
 * one-minute knots, with per-minute highs/lows, U-shaped volume and 5-second samples on demand.
 * The price at any instant of the day is a pure function of (seed, symbol, day, instant).
 */
export class DayPath {
  readonly minutes: number;
  readonly knots: Float64Array;
  readonly hi: Float64Array;
  readonly lo: Float64Array;
  readonly vol: Float64Array;
  /** Per-minute turnover and its running total, exact in doubles while below 2^53 ... */
  private readonly turn: Float64Array;
  private readonly cumTurn: Float64Array;
  /** ... else in bigint. */
  private bigTurn: BigInt64Array | null = null;
  private bigCumTurn: BigInt64Array | null = null;
  readonly cumVol: Float64Array;
  readonly preHi: Float64Array;
  readonly preLo: Float64Array;
  readonly open: number;
  readonly close: number;
  readonly auctionVolume: number;
  readonly auctionTurnover: bigint;
  private readonly grid: NumGrid;
  private readonly day: number;
  private readonly avgShare: number;
  private sampleCache: { m: number; values: Float64Array } | null = null;

  constructor(
    private readonly series: SymbolSeries,
    i: number,
    readonly session: DaySession,
    private readonly seedHash: number,
  ) {
    const s = series;
    s.ensureLimits(i);
    const M = session.minutes;
    this.minutes = M;
    this.grid = s.grid(i);
    this.day = session.day;
    const inst = s.instrument;
    this.avgShare = inst.kind === 'index' ? Number(inst.sim?.avgSharePrice ?? 0n) : 0;
    const O = s.open[i];
    const C = s.close[i];
    const P = session.auction ? s.preAuction[i] : C;
    this.open = O;
    this.close = C;
    const rng = new Rng(mix(this.seedHash, s.symHash, this.day, 0x1d));

    // U-shaped activity: busy at the open, after the lunch break and into the close
    const w = new Float64Array(M);
    let sumW = 0;
    for (const r of session.ranges) {
      for (let k = 0; k < r.minutes; k++) {
        const m = r.first + k;
        w[m] =
          1 +
          2.2 * Math.exp(-m / 18) +
          1.6 * Math.exp(-(M - 1 - m) / 22) +
          (r.first > 0 ? 0.8 * Math.exp(-k / 12) : 0);
        sumW += w[m];
      }
    }

    // Brownian bridge in log price, variance proportional to activity, fat-ish tails
    const sigma2 = (s.sigmaD * 0.85) ** 2;
    const W = new Float64Array(M + 1);
    const S = new Float64Array(M + 1);
    const sd = new Float64Array(M);
    for (let m = 0; m < M; m++) {
      const v = (sigma2 * w[m]) / sumW;
      sd[m] = Math.sqrt(v);
      W[m + 1] = W[m] + sd[m] * rng.fat(0.01);
      S[m + 1] = S[m] + v;
    }
    const lo0 = Math.log(O);
    const lp = Math.log(P);
    const K = new Float64Array(M + 1);
    for (let m = 0; m <= M; m++) {
      const f = S[M] > 0 ? S[m] / S[M] : m / M;
      K[m] = s.clamp(i, this.grid, Math.exp(lo0 + f * (lp - lo0) + (W[m] - f * W[M])));
    }
    K[0] = O;
    K[M] = P;
    this.knots = K;

    const up = s.gridUp[i];
    const down = s.gridDown[i];
    const hi = new Float64Array(M);
    const lo = new Float64Array(M);
    for (let m = 0; m < M; m++) {
      const a = Math.max(K[m], K[m + 1]);
      const b = Math.min(K[m], K[m + 1]);
      hi[m] = Math.min(snapUp(this.grid, a * Math.exp(Math.abs(rng.normal()) * sd[m] * 0.6)), up);
      lo[m] = Math.max(snapDown(this.grid, b * Math.exp(-Math.abs(rng.normal()) * sd[m] * 0.6)), down);
    }
    this.hi = hi;
    this.lo = lo;

    const V = s.volumeTarget[i];
    const lot = s.lot;
    this.auctionVolume = session.auction ? floorLot(V * (0.05 + 0.05 * rng.next()), lot) : 0;
    const raw = new Float64Array(M);
    let sumRaw = 0;
    for (let m = 0; m < M; m++) {
      raw[m] = w[m] * Math.exp(0.5 * rng.normal());
      sumRaw += raw[m];
    }
    const vol = new Float64Array(M);
    const turn = new Float64Array(M);
    const cumVol = new Float64Array(M + 1);
    const cumTurn = new Float64Array(M + 1);
    const preHi = new Float64Array(M + 1);
    const preLo = new Float64Array(M + 1);
    preHi[0] = O;
    preLo[0] = O;
    for (let m = 0; m < M; m++) {
      vol[m] = floorLot(((V - this.auctionVolume) * raw[m]) / sumRaw, lot);
      turn[m] = vol[m] * this.typical(K[m], hi[m], lo[m], K[m + 1]);
      cumVol[m + 1] = cumVol[m] + vol[m];
      cumTurn[m + 1] = cumTurn[m] + turn[m];
      preHi[m + 1] = Math.max(preHi[m], hi[m]);
      preLo[m + 1] = Math.min(preLo[m], lo[m]);
    }
    this.vol = vol;
    this.turn = turn;
    this.cumVol = cumVol;
    this.cumTurn = cumTurn;
    this.preHi = preHi;
    this.preLo = preLo;
    this.auctionTurnover = this.turnover(this.auctionVolume, C, C, C, C);
    if (cumTurn[M] > Number.MAX_SAFE_INTEGER) {
      this.bigTurn = new BigInt64Array(M);
      this.bigCumTurn = new BigInt64Array(M + 1);
      for (let m = 0; m < M; m++) {
        this.bigTurn[m] = this.turnover(vol[m], K[m], hi[m], lo[m], K[m + 1]);
        this.bigCumTurn[m + 1] = this.bigCumTurn[m] + this.bigTurn[m];
      }
    }
  }

  /** Price used for turnover: the bar's average (indices: the market's average share price). */
  private typical(o: number, h: number, l: number, c: number): number {
    return this.avgShare > 0 ? this.avgShare : Math.round((o + h + l + c) / 4);
  }

  private turnover(v: number, o: number, h: number, l: number, c: number): bigint {
    return v === 0 ? 0n : BigInt(v) * BigInt(this.typical(o, h, l, c));
  }

  private minuteTurnover(m: number): bigint {
    return this.bigTurn ? this.bigTurn[m] : BigInt(this.turn[m]);
  }

  private turnoverBefore(c: number): bigint {
    return this.bigCumTurn ? this.bigCumTurn[c] : BigInt(this.cumTurn[c]);
  }

  /** The 12 five-second prices of minute m: start at the knot, touch the high and low, end at the next knot. */
  samples(m: number): Float64Array {
    if (this.sampleCache?.m === m) return this.sampleCache.values;
    const a = this.knots[m];
    const b = this.knots[m + 1];
    const h = this.hi[m];
    const l = this.lo[m];
    const out = new Float64Array(SAMPLES_PER_MINUTE);
    const r = new Rng(mix(this.seedHash, this.series.symHash, this.day, m + 0x100));
    const jh = 1 + r.int(SAMPLES_PER_MINUTE - 2);
    let jl = 1 + r.int(SAMPLES_PER_MINUTE - 2);
    if (jl === jh) jl = jh === SAMPLES_PER_MINUTE - 2 ? 1 : jh + 1;
    const last = SAMPLES_PER_MINUTE - 1;
    const anchors = [
      [0, a],
      [jh, h],
      [jl, l],
      [last, b],
    ].sort((x, y) => x[0] - y[0]);
    let k = 0;
    for (let j = 0; j <= last; j++) {
      while (k < anchors.length - 2 && anchors[k + 1][0] <= j) k++;
      const [x0, y0] = anchors[k];
      const [x1, y1] = anchors[k + 1];
      if (j === x0) out[j] = y0;
      else if (j === x1) out[j] = y1;
      else {
        const lin = y0 + ((y1 - y0) * (j - x0)) / (x1 - x0);
        const p = snapNearest(this.grid, lin + r.normal() * (h - l) * 0.15);
        out[j] = Math.min(Math.max(p, l), h);
      }
    }
    this.sampleCache = { m, values: out };
    return out;
  }

  priceAt(pos: PathPosition): number {
    if (pos.final) return this.close;
    if (pos.partial) return this.samples(pos.partial.m)[pos.partial.j];
    return this.knots[pos.complete];
  }

  /** The partial bar of a minute up to sample j. */
  private partialBar(m: number, j: number): Bar {
    const sm = this.samples(m);
    let h = sm[0];
    let l = sm[0];
    for (let k = 1; k <= j; k++) {
      if (sm[k] > h) h = sm[k];
      if (sm[k] < l) l = sm[k];
    }
    const v =
      j === SAMPLES_PER_MINUTE - 1
        ? this.vol[m]
        : floorLot((this.vol[m] * (j + 1)) / SAMPLES_PER_MINUTE, this.series.lot);
    return {
      time: minuteTime(this.session, m),
      local: minuteLocal(this.session, m),
      o: sm[0],
      h,
      l,
      c: sm[j],
      v,
      t: this.turnover(v, sm[0], h, l, sm[j]),
    };
  }

  private fullBar(m: number): Bar {
    return {
      time: minuteTime(this.session, m),
      local: minuteLocal(this.session, m),
      o: this.knots[m],
      h: this.hi[m],
      l: this.lo[m],
      c: this.knots[m + 1],
      v: this.vol[m],
      t: this.minuteTurnover(m),
    };
  }

  /**
   * Minute bars of the day as of a position. Once the session has closed, a closing auction's print is
   * the bar of the auction's last minute (Tokyo 15:29, Shanghai 14:59): at the close, with the auction's
   * volume, as exchanges' minute data has it; the auction's earlier minutes trade nothing. Without an
   * auction the close is the last trade, already the last minute's close.
   */
  minuteBars(pos: PathPosition): Bar[] {
    const out: Bar[] = [];
    for (let m = 0; m < pos.complete; m++) out.push(this.fullBar(m));
    if (pos.partial) out.push(this.partialBar(pos.partial.m, pos.partial.j));
    const auction = this.session.auction;
    if (pos.final && auction) {
      const c = this.close;
      out.push({
        time: auction.end - 60_000,
        local: auction.localEnd - 1,
        o: c,
        h: c,
        l: c,
        c,
        v: this.auctionVolume,
        t: this.auctionTurnover,
      });
    }
    return out;
  }

  /** The day's bar so far (open, high, low, last, volume, turnover). */
  dayBar(pos: PathPosition): Bar {
    const c = pos.complete;
    let h = this.preHi[c];
    let l = this.preLo[c];
    let v = this.cumVol[c];
    let t = this.turnoverBefore(c);
    if (pos.partial) {
      const p = this.partialBar(pos.partial.m, pos.partial.j);
      h = Math.max(h, p.h);
      l = Math.min(l, p.l);
      v += p.v;
      t += p.t;
    }
    if (pos.final) {
      h = Math.max(h, this.close);
      l = Math.min(l, this.close);
      v += this.auctionVolume;
      t += this.auctionTurnover;
    }
    return { time: this.session.midnight, local: this.day, o: this.open, h, l, c: this.priceAt(pos), v, t };
  }
}
