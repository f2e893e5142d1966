import {
  addDays,
  type Board,
  dateParts,
  dayNumber,
  exDateForRecord,
  type LocalDate,
  type Market,
  makeDate,
  priceLimits,
  tradingDayOnOrAfter,
} from '@kabuto/domain';
import type { Instrument } from '../types.ts';
import { type NumGrid, numGrid, snapDown, snapNearest, snapUp } from './grid.ts';
import { hashString, mix, Rng } from './random.ts';
import type { Timeline } from './timeline.ts';

const TRADING_DAYS_PER_YEAR = 245;

/**
 * Dividend dates per market: `record` anchors are record dates (Japan's and Korea's month-end year ends;
 * the ex-date follows the exchange's rule, `exDateForRecord`), the others ex-date anchors, spread by up to
 * `spreadDays` per stock.
 */
const DIVIDEND_SCHEDULE: Record<
  Market,
  { anchors: readonly [number, number][]; spreadDays: number; record: boolean }
> = {
  jpy: {
    anchors: [
      [3, 31],
      [9, 30],
    ],
    spreadDays: 0,
    record: true,
  },
  usd: {
    anchors: [
      [2, 6],
      [5, 6],
      [8, 6],
      [11, 6],
    ],
    spreadDays: 20,
    record: false,
  },
  cny: { anchors: [[6, 10]], spreadDays: 45, record: false },
  krw: { anchors: [[12, 31]], spreadDays: 0, record: true },
};

/**
 * Trading days from an action's announcement to its ex-date: a dividend per share is fixed from the
 * close of the announcement day, and the provider lists the action from then on.
 */
export const ANNOUNCE_TRADING_DAYS = 20;

const SAFE_BAND: Record<Market, number> = { jpy: 0.1, usd: 0.1, cny: 0.04, krw: 0.1 };

/** Daily probability of a news jump in a stock. */
const NEWS_PROBABILITY = 0.005;
/** Yearly probability of a (future, simulated) split for a stock whose price is high for its market. */
const SPLIT_PROBABILITY = 0.03;
/** Reference prices above which a stock may split (units). */
const SPLIT_PRICE: Record<Market, number> = {
  jpy: 5_000 * 10_000,
  usd: 300 * 10_000,
  cny: 100 * 10_000,
  krw: 300_000 * 10_000,
};

const GROWTH_BOARDS: readonly Board[] = ['tse_growth', 'sse_star', 'szse_chinext', 'kosdaq'];

/** Range of average daily volume as a fraction of shares outstanding (growth boards trade twice as much). */
const TURNOVER_RATE: Record<Market, [number, number]> = {
  jpy: [0.0015, 0.004],
  usd: [0.002, 0.006],
  cny: [0.003, 0.012],
  krw: [0.002, 0.008],
};

const SHOCK_EPOCH = 10_957; // 2000-01-01

/** Each market's common daily shock (so that stocks and their index move together), cached. */
export class MarketShocks {
  /** By day number from 2000-01-01 (NaN: not computed yet). */
  private cache = new Float64Array(0);
  private readonly marketHash: number;

  constructor(
    private readonly seedHash: number,
    market: Market,
  ) {
    this.marketHash = hashString(market);
  }

  on(day: number): number {
    const k = day - SHOCK_EPOCH;
    if (k < 0) return this.compute(day);
    if (k >= this.cache.length) {
      const grown = new Float64Array(Math.max(k + 1, this.cache.length * 2, 4096)).fill(Number.NaN);
      grown.set(this.cache);
      this.cache = grown;
    }
    let v = this.cache[k];
    if (Number.isNaN(v)) {
      v = this.compute(day);
      this.cache[k] = v;
    }
    return v;
  }

  private compute(day: number): number {
    return new Rng(mix(this.seedHash, this.marketHash, day, 0x4d4b)).normal();
  }
}

/**
 * The daily skeleton of one instrument: base price, limits, open, close and target volume of every
 * trading day from the start of history (or the listing), generated forward and extended on demand.
 * Each day's randomness comes from (seed, symbol, day) and the market's shock of the day only, so the
 * result never depends on when or in which order it is computed.
 *
 * The log price follows a random walk with the market's common shock, fat-ish tails, rare news jumps,
 * mean reversion to a slowly drifting trend and, before the reference date, a bridge pull that lands
 * the walk on the catalogue's reference price on that date. Closes are snapped to the tick grid and
 * clamped to the day's limits; splits and dividends adjust the next base price.
 */
export class SymbolSeries {
  readonly symHash: number;
  readonly lot: number;
  readonly vol: number;
  readonly sigmaD: number;
  private readonly rho: number;
  private readonly kappa = 1 / 200;
  private readonly drift: number;
  private readonly dividendBp: number;
  private readonly turnoverRate: number;
  private readonly spreadOffset: number;
  private readonly mu0: number;
  private readonly refDay: number;
  /** Trading-day index of the reference date: the walk is pinned to the reference price there. */
  private readonly refIndex: number;
  private readonly refYear: number;
  private readonly gRef: number;
  private readonly realSplits = new Map<LocalDate, number>();
  private readonly maySplit: boolean;
  private readonly randomSplits = new Map<number, { date: LocalDate; ratio: number } | null>();
  private readonly dividendDays = new Map<number, Set<LocalDate>>();
  private readonly g0: number;
  private readonly initialClose: number;
  /** First trading-day index with data (listing day or start of history). */
  readonly firstIndex: number;
  private next: number;

  // per trading-day index
  readonly base: number[] = [];
  readonly open: number[] = [];
  readonly close: number[] = [];
  /** Last continuous price before the closing auction. */
  readonly preAuction: number[] = [];
  /** Daily limits as published (NaN: none). */
  readonly limitUp: number[] = [];
  readonly limitDown: number[] = [];
  /** The highest / lowest grid prices inside the limits. */
  readonly gridUp: number[] = [];
  readonly gridDown: number[] = [];
  readonly volumeTarget: number[] = [];
  readonly splitRatio: number[] = [];
  /** Cash dividend per pre-split share going ex on the day (units). */
  readonly dividend: number[] = [];
  /** Cumulative split factor (shares per original share). */
  readonly factor: number[] = [];
  /** Indices of days with a corporate action. */
  readonly actionDays: number[] = [];
  private readonly limitsKnown: boolean[] = [];
  /**
   * Moves smaller than this fraction of the base never reach the market's narrowest daily limit
   * (China ST 5%, TSE ≥ 13%, KRX ≥ 15%); Infinity: no limits at all.
   */
  private readonly safeBand: number;

  constructor(
    readonly instrument: Instrument,
    private readonly timeline: Timeline,
    private readonly seedHash: number,
    referenceDate: LocalDate,
    private readonly shocks: MarketShocks,
  ) {
    const inst = instrument;
    this.symHash = hashString(inst.symbol);
    const p = new Rng(mix(seedHash, this.symHash, 0x5eed));
    const growth = GROWTH_BOARDS.includes(inst.board);
    const isIndex = inst.kind === 'index';
    this.vol = inst.sim?.vol ?? (isIndex ? 0.18 : growth ? 0.4 + 0.25 * p.next() : 0.22 + 0.2 * p.next());
    this.sigmaD = this.vol / Math.sqrt(TRADING_DAYS_PER_YEAR);
    this.rho = isIndex ? 0.95 : 0.45 + 0.25 * p.next();
    this.drift = isIndex ? 0.04 + 0.04 * p.next() : -0.02 + 0.14 * p.next();
    this.dividendBp =
      inst.sim?.dividendBp ??
      (isIndex ? 0 : growth ? Math.floor(80 * p.next()) : 80 + Math.floor(280 * p.next()));
    const [lo, hi] = TURNOVER_RATE[inst.market];
    this.turnoverRate = (lo + (hi - lo) * p.next()) * (growth ? 2 : 1);
    this.spreadOffset = Math.floor(p.next() * (DIVIDEND_SCHEDULE[inst.market].spreadDays + 1));
    this.lot = inst.market === 'jpy' || inst.market === 'cny' ? 100 : 1;
    this.maySplit = inst.kind === 'stock' && Number(inst.refPrice) >= SPLIT_PRICE[inst.market];
    this.safeBand = isIndex || inst.market === 'usd' ? Number.POSITIVE_INFINITY : SAFE_BAND[inst.market];

    timeline.ensureIndex(0);
    this.firstIndex = inst.listed ? timeline.indexOnOrBefore(addDays(inst.listed, -1)) + 1 : 0;
    timeline.ensureIndex(this.firstIndex);
    this.next = this.firstIndex;
    const first = timeline.dates[this.firstIndex];
    let gRef = 1;
    let g0 = 1;
    for (const s of inst.splits ?? []) {
      const day = tradingDayOnOrAfter(inst.market, s.exDate);
      this.realSplits.set(day, s.ratio);
      if (s.exDate <= referenceDate) gRef *= s.ratio;
      if (day <= first) g0 *= s.ratio;
    }
    this.gRef = gRef;
    this.g0 = g0;
    this.refDay = dayNumber(referenceDate);
    this.refIndex = timeline.indexOnOrBefore(referenceDate);
    this.refYear = dateParts(referenceDate)[0];
    this.mu0 = Math.log(Number(inst.refPrice) * gRef);
    const grid0 = numGrid(inst.tickTable, first);
    const listingOpen = inst.sim?.listingOpen;
    this.initialClose =
      listingOpen !== undefined
        ? snapNearest(grid0, Number(listingOpen))
        : snapNearest(grid0, Math.exp(this.mu(dayNumber(first)) + 0.1 * p.normal()) / g0);
  }

  private mu(day: number): number {
    return this.mu0 + (this.drift * (day - this.refDay)) / 365.25;
  }

  /** Split ratio going ex on a trading day (1 = none). */
  private splitOn(date: LocalDate, year: number): number {
    if (this.realSplits.size > 0) {
      const real = this.realSplits.get(date);
      if (real) return real;
    }
    if (!this.maySplit || year < this.refYear) return 1;
    let planned = this.randomSplits.get(year);
    if (planned === undefined) {
      const r = new Rng(mix(this.seedHash, this.symHash, year, 0x5917));
      planned = null;
      if (r.next() < SPLIT_PROBABILITY) {
        const d = tradingDayOnOrAfter(this.instrument.market, addDays(makeDate(year, 1, 1), r.int(350)));
        if (dayNumber(d) > this.refDay && dateParts(d)[0] === year)
          planned = { date: d, ratio: [2, 2, 3, 4, 5][r.int(5)] };
      }
      this.randomSplits.set(year, planned);
    }
    return planned && planned.date === date ? planned.ratio : 1;
  }

  private isDividendDay(date: LocalDate, year: number): boolean {
    if (this.dividendBp <= 0) return false;
    let set = this.dividendDays.get(year);
    if (!set) {
      const sched = DIVIDEND_SCHEDULE[this.instrument.market];
      const market = this.instrument.market;
      set = new Set(
        sched.anchors.map(([m, d]) =>
          sched.record
            ? exDateForRecord(market, makeDate(year, m, d))
            : tradingDayOnOrAfter(market, addDays(makeDate(year, m, d), this.spreadOffset)),
        ),
      );
      this.dividendDays.set(year, set);
    }
    return set.has(date);
  }

  /** Compute every day up to and including index `i`. */
  ensure(i: number): void {
    if (i < this.next) return;
    this.timeline.ensureIndex(i);
    for (let k = this.next; k <= i; k++) this.step(k);
    this.next = i + 1;
  }

  grid(i: number): NumGrid {
    return numGrid(this.instrument.tickTable, this.timeline.dates[i]);
  }

  /** Compute day i's limits (they are needed only when a price gets near them, or for display). */
  ensureLimits(i: number): void {
    if (this.limitsKnown[i]) return;
    const date = this.timeline.dates[i];
    const grid = numGrid(this.instrument.tickTable, date);
    // the timeline is the market's trading days: a new listing's day number since it listed
    const listingDay = this.instrument.listed ? i - this.firstIndex + 1 : undefined;
    const limits = priceLimits(this.instrument, BigInt(this.base[i]), date, { listingDay });
    if (limits) {
      const up = Number(limits.up);
      const down = Number(limits.down);
      this.limitUp[i] = up;
      this.limitDown[i] = down;
      this.gridUp[i] = snapDown(grid, up);
      this.gridDown[i] = snapUp(grid, down);
    } else {
      this.limitUp[i] = Number.NaN;
      this.limitDown[i] = Number.NaN;
      this.gridUp[i] = Number.POSITIVE_INFINITY;
      this.gridDown[i] = grid.first;
    }
    this.limitsKnown[i] = true;
  }

  /** Clamp a raw price onto the grid within day i's limits. */
  clamp(i: number, grid: NumGrid, p: number): number {
    this.ensureLimits(i);
    const s = snapNearest(grid, p);
    return Math.min(Math.max(s, this.gridDown[i]), this.gridUp[i]);
  }

  /** Clamp a grid price within day i's limits, computing them only when the price is not clearly inside. */
  private bound(i: number, p: number): number {
    const base = this.base[i];
    if (!this.limitsKnown[i] && p <= base * (1 + this.safeBand) && p >= base * (1 - this.safeBand)) return p;
    this.ensureLimits(i);
    return Math.min(Math.max(p, this.gridDown[i]), this.gridUp[i]);
  }

  private step(i: number): void {
    const inst = this.instrument;
    const tl = this.timeline;
    const date = tl.dates[i];
    const day = tl.days[i];
    const year = tl.years[i];
    const grid = numGrid(inst.tickTable, date);
    const listing = i === this.firstIndex;
    const prev = listing ? this.initialClose : this.close[i - 1];
    const k = listing ? 1 : this.splitOn(date, year);
    const sched = DIVIDEND_SCHEDULE[inst.market];
    // the dividend per share is fixed at the announcement, from that day's close
    const announced = this.close[Math.max(this.firstIndex, i - ANNOUNCE_TRADING_DAYS)] ?? prev;
    const cash =
      this.isDividendDay(date, year) && !listing
        ? Math.min(
            Math.floor((announced * this.dividendBp) / 10_000 / sched.anchors.length / 100) * 100,
            Math.floor(prev / 200) * 100,
          )
        : 0;
    const g = (listing ? this.g0 : this.factor[i - 1]) * k;
    const base = k === 1 && cash === 0 ? prev : snapNearest(grid, (prev - cash) / k);

    this.base[i] = base;
    this.factor[i] = g;
    this.splitRatio[i] = k;
    this.dividend[i] = cash;
    if (k !== 1 || cash !== 0) this.actionDays.push(i);
    this.limitsKnown[i] = false;
    if (this.safeBand === Number.POSITIVE_INFINITY) this.ensureLimits(i);

    const rng = new Rng(mix(this.seedHash, this.symHash, day));
    const x = Math.log(base * g);
    const z = this.shocks.on(day);
    const e = rng.fat();
    // mean reversion to a slowly drifting trend, plus (before the reference date) a Brownian-bridge pull
    // that brings the walk to the reference price on that date
    const bridge = i < this.refIndex ? (this.mu0 - x) / (this.refIndex - i) : 0;
    // now and then news moves a stock 4–12% (enough to hit a limit on narrow-band boards)
    const news =
      inst.kind === 'stock' && rng.next() < NEWS_PROBABILITY
        ? (rng.next() < 0.5 ? -1 : 1) * (0.04 + 0.08 * rng.next())
        : 0;
    const r =
      bridge +
      news -
      this.kappa * (x - this.mu(day)) +
      this.sigmaD * (this.rho * z + Math.sqrt(1 - this.rho ** 2) * e);
    const close = this.bound(i, snapNearest(grid, base * Math.exp(r)));
    this.close[i] = close;
    // A new listing opens at its first price (set by the IPO model under the exchange's opening rules).
    this.open[i] =
      listing && inst.sim?.listingOpen !== undefined
        ? base
        : this.bound(i, snapNearest(grid, base * Math.exp(0.3 * r + 0.35 * this.sigmaD * rng.normal())));
    this.preAuction[i] = this.bound(i, snapNearest(grid, close * Math.exp(0.1 * this.sigmaD * rng.normal())));

    const avg =
      inst.kind === 'index'
        ? Number(inst.sim?.dailyVolume ?? 1_000_000_000n)
        : (Number(inst.sharesOutstanding) * this.turnoverRate * g) / this.gRef;
    const surprise = Math.abs(Math.log(close / base)) / this.sigmaD;
    this.volumeTarget[i] = (avg * Math.exp(0.3 * rng.normal() - 0.05) * (1 + 0.35 * surprise)) / 1.28;
  }

  /** Shares outstanding on day i (splits multiply them). */
  sharesOn(i: number): bigint {
    if (this.instrument.kind !== 'stock') return 0n;
    const g = this.factor[i] / this.gRef;
    return g === 1
      ? this.instrument.sharesOutstanding
      : BigInt(Math.round(Number(this.instrument.sharesOutstanding) * g));
  }
}
