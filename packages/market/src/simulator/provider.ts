import {
  type Clock,
  type LocalDate,
  localDate,
  MARKETS,
  type Market,
  paymentDateFor,
  recordDateForEx,
  SOURCE_WITHHOLDING_PPM,
  sessionState,
  tickSize,
} from '@kabuto/domain';
import { aggregateMinutes, dayBucket, mergeKeyed, periodMinutes } from '../candles.ts';
import { CATALOGUE, REFERENCE_DATE } from '../catalogue/index.ts';
import { InstrumentIndex } from '../search.ts';
import type {
  CallPrint,
  Candle,
  CandleOptions,
  CorporateAction,
  Instrument,
  MarketDataProvider,
  Period,
  ProviderHealth,
  Quote,
  QuoteListener,
  SearchScope,
} from '../types.ts';
import { PERIODS } from '../types.ts';
import { adjustmentFactors, adjustPrice } from './adjust.ts';
import { type Bar, DayPath, positionAt } from './intraday.ts';
import { hashString } from './random.ts';
import { ANNOUNCE_TRADING_DAYS, MarketShocks, SymbolSeries } from './series.ts';
import { Timeline } from './timeline.ts';

/** First day of simulated history (years of daily bars on first start). */
export const HISTORY_START: LocalDate = '2018-01-01';

export interface SimulatorOptions {
  /** Time source: prices at any instant are a pure function of (seed, instrument, instant). */
  clock: Clock;
  /** Same seed → same prices, in every process. */
  seed?: string | number;
  instruments?: readonly Instrument[];
  /** Real-time interval of the tick stream (default 1000 ms). */
  tickIntervalMs?: number;
  historyStart?: LocalDate;
  /** Date around which the instruments' reference prices hold. */
  referenceDate?: LocalDate;
  /** How many instrument-days of intraday paths to keep (default 512). */
  pathCacheSize?: number;
}

/** High, low, volume and turnover of completed days, in typed arrays (NaN: not computed yet). */
class DaySummaries {
  h = new Float64Array(0);
  l = new Float64Array(0);
  v = new Float64Array(0);
  t = new BigInt64Array(0);

  has(i: number): boolean {
    return i < this.h.length && !Number.isNaN(this.h[i]);
  }

  set(i: number, b: Bar): void {
    if (i >= this.h.length) {
      const n = Math.max(i + 1, this.h.length * 2, 256);
      const grow = (a: Float64Array) => {
        const g = new Float64Array(n).fill(Number.NaN);
        g.set(a);
        return g;
      };
      this.h = grow(this.h);
      this.l = grow(this.l);
      this.v = grow(this.v);
      const t = new BigInt64Array(n);
      t.set(this.t);
      this.t = t;
    }
    this.h[i] = b.h;
    this.l[i] = b.l;
    this.v[i] = b.v;
    this.t[i] = b.t;
  }
}

const MAX_LIMIT = 5000;
const DEFAULT_LIMIT = 300;
const DAYS_PER_BUCKET = { '1D': 1, '1W': 5, '1M': 23, '12M': 260 } as const;

const toCandle = (b: Bar, f: bigint): Candle => ({
  time: b.time,
  open: adjustPrice(b.o, f),
  high: adjustPrice(b.h, f),
  low: adjustPrice(b.l, f),
  close: adjustPrice(b.c, f),
  volume: BigInt(b.v),
  turnover: b.t,
});

function changeBp(change: bigint, base: bigint): number {
  if (base <= 0n) return 0;
  const num = change * 10_000n;
  const q = (2n * (num < 0n ? -num : num) + base) / (2n * base);
  return Number(num < 0n ? -q : q);
}

/**
 * The default market-data provider: a seeded, deterministic simulator. Prices move only in continuous
 * trading, stay on the tick grid inside the daily limits, and history is generated on demand.
 */
export class SimulatedMarketData implements MarketDataProvider {
  readonly name = 'simulator';
  readonly seed: string;
  private readonly clock: Clock;
  private readonly seedHash: number;
  private list: readonly Instrument[];
  private readonly index: InstrumentIndex;
  private readonly timelines: Record<Market, Timeline>;
  private readonly series = new Map<string, SymbolSeries>();
  private readonly shocks: Record<Market, MarketShocks>;
  private readonly paths = new Map<string, DayPath>();
  private readonly summaries = new Map<string, DaySummaries>();
  private readonly referenceDate: LocalDate;
  private readonly pathCacheSize: number;
  private readonly tickIntervalMs: number;
  private readonly listeners = new Set<{ fn: QuoteListener; symbols: Set<string> | null }>();
  private readonly lastSent = new Map<string, string>();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(opts: SimulatorOptions) {
    this.clock = opts.clock;
    this.seed = String(opts.seed ?? 'kabuto');
    this.seedHash = hashString(this.seed);
    this.list = opts.instruments ?? CATALOGUE;
    this.index = new InstrumentIndex(this.list);
    const start = opts.historyStart ?? HISTORY_START;
    this.timelines = Object.fromEntries(MARKETS.map((m) => [m, new Timeline(m, start)])) as Record<
      Market,
      Timeline
    >;
    this.shocks = Object.fromEntries(MARKETS.map((m) => [m, new MarketShocks(this.seedHash, m)])) as Record<
      Market,
      MarketShocks
    >;
    this.referenceDate = opts.referenceDate ?? REFERENCE_DATE;
    this.pathCacheSize = opts.pathCacheSize ?? 512;
    this.tickIntervalMs = opts.tickIntervalMs ?? 1000;
  }

  // ---- catalogue ----

  instruments(market?: Market): readonly Instrument[] {
    return market ? this.list.filter((i) => i.market === market) : this.list;
  }

  instrument(symbol: string): Instrument | undefined {
    return this.index.get(symbol);
  }

  search(text: string, scope?: Market | SearchScope, limit?: number): Instrument[] {
    return this.index.search(text, scope, limit);
  }

  addInstrument(instrument: Instrument): void {
    this.index.add(instrument);
    this.list = [...this.list, instrument];
  }

  // ---- internals ----

  private seriesOf(inst: Instrument): SymbolSeries {
    let s = this.series.get(inst.symbol);
    if (!s) {
      s = new SymbolSeries(
        inst,
        this.timelines[inst.market],
        this.seedHash,
        this.referenceDate,
        this.shocks[inst.market],
      );
      this.series.set(inst.symbol, s);
    }
    return s;
  }

  private path(s: SymbolSeries, i: number): DayPath {
    const key = `${s.instrument.symbol}|${i}`;
    let p = this.paths.get(key);
    if (p) {
      this.paths.delete(key);
      this.paths.set(key, p);
      return p;
    }
    s.ensure(i);
    p = new DayPath(s, i, this.timelines[s.instrument.market].session(i), this.seedHash);
    this.paths.set(key, p);
    if (this.paths.size > this.pathCacheSize) {
      const oldest = this.paths.keys().next().value;
      if (oldest !== undefined) this.paths.delete(oldest);
    }
    return p;
  }

  /** The trading day whose figures a quote shows at t: today once it has opened, else the last one. -1: none. */
  private quoteDay(market: Market, t: number): number {
    const tl = this.timelines[market];
    const date = localDate(market, t);
    let i = tl.indexOnOrBefore(date);
    if (i >= 0 && tl.dates[i] === date && t < tl.session(i).open) i--;
    return i;
  }

  /** The day bar of day i as of t (complete days come from a compact cache). */
  private dayBar(s: SymbolSeries, i: number, t: number): Bar {
    const tl = this.timelines[s.instrument.market];
    const session = tl.session(i);
    if (t >= session.end) {
      let sums = this.summaries.get(s.instrument.symbol);
      if (!sums) {
        sums = new DaySummaries();
        this.summaries.set(s.instrument.symbol, sums);
      }
      if (!sums.has(i)) sums.set(i, this.path(s, i).dayBar(positionAt(session, session.end)));
      return {
        time: session.midnight,
        local: 0,
        o: s.open[i],
        h: sums.h[i],
        l: sums.l[i],
        c: s.close[i],
        v: sums.v[i],
        t: sums.t[i],
      };
    }
    return this.path(s, i).dayBar(positionAt(session, t));
  }

  // ---- quotes ----

  /** The quote at any instant (past or future). */
  quoteAt(symbol: string, t: number): Quote | null {
    const inst = this.instrument(symbol);
    if (!inst) return null;
    const i = this.quoteDay(inst.market, t);
    const s = this.seriesOf(inst);
    if (i < s.firstIndex) return null;
    s.ensure(i);
    const tl = this.timelines[inst.market];
    const session = tl.session(i);
    const bar = this.dayBar(s, i, t);
    let price = BigInt(bar.c);
    // a new listing's first day is measured from its offer price (公開価格), not its first trade
    let preClose =
      i === s.firstIndex && inst.sim?.listingBase !== undefined ? inst.sim.listingBase : BigInt(s.base[i]);
    let [open, high, low] = [BigInt(bar.o), BigInt(bar.h), BigInt(bar.l)];
    // Before the open of an ex-date, the last close is shown adjusted: the ex-date's base price (what a
    // book adjusted for the split or the dividend is valued at until the first trade), unchanged.
    const next = i + 1;
    tl.ensureIndex(next);
    if (tl.dates[next] === localDate(inst.market, t)) {
      s.ensure(next);
      if (s.splitRatio[next] !== 1 || s.dividend[next] !== 0) {
        price = BigInt(s.base[next]);
        [preClose, open, high, low] = [price, price, price, price];
      }
    }
    const change = price - preClose;
    s.ensureLimits(i);
    const up = s.limitUp[i];
    const down = s.limitDown[i];
    return {
      symbol: inst.symbol,
      mode: 'simulated',
      delayMinutes: 0,
      stale: false,
      market: inst.market,
      kind: inst.kind,
      price,
      open,
      high,
      low,
      preClose,
      volume: BigInt(bar.v),
      turnover: bar.t,
      change,
      changeBp: changeBp(change, preClose),
      limitUp: Number.isNaN(up) ? null : BigInt(up),
      limitDown: Number.isNaN(down) ? null : BigInt(down),
      tick: tickSize(inst.tickTable, price, session.date),
      session: sessionState(inst.market, t),
      tradingDay: session.date,
      time: positionAt(session, t).time,
      marketCap: inst.kind === 'stock' ? price * s.sharesOn(i) : null,
    };
  }

  /** The last price at an instant. */
  priceAt(symbol: string, t: number): bigint | null {
    return this.quoteAt(symbol, t)?.price ?? null;
  }

  callPrint(symbol: string, at: number): CallPrint | null {
    if (at > this.clock.now()) return null;
    const q = this.quoteAt(symbol, at);
    if (!q || q.price <= 0n || q.session === 'pre') return null;
    // the shares of the print: what the day's volume gained at the call (the day's first sample at an
    // open; the closing auction at the close)
    const before = this.quoteAt(symbol, at - 1);
    const prior = before && before.tradingDay === q.tradingDay ? before.volume : 0n;
    return {
      price: q.price,
      volume: q.volume > prior ? q.volume - prior : 0n,
      limitUp: q.limitUp,
      limitDown: q.limitDown,
    };
  }

  quote(symbol: string): Quote | null {
    return this.quoteAt(symbol, this.clock.now());
  }

  quotes(symbols: readonly string[]): Quote[] {
    const now = this.clock.now();
    const out: Quote[] = [];
    for (const sym of symbols) {
      const q = this.quoteAt(sym, now);
      if (q) out.push(q);
    }
    return out;
  }

  // ---- candles ----

  async candles(symbol: string, period: Period, opts: CandleOptions = {}): Promise<Candle[]> {
    return this.candlesAt(symbol, period, opts, this.clock.now());
  }

  /** Candles as they look at instant `now` (never containing anything after it). Ascending by time. */
  candlesAt(symbol: string, period: Period, opts: CandleOptions, now: number): Candle[] {
    if (!PERIODS.includes(period)) throw new RangeError(`unknown candle period ${period}`);
    const inst = this.instrument(symbol);
    if (!inst) return [];
    const qi = this.quoteDay(inst.market, now);
    const s = this.seriesOf(inst);
    if (qi < s.firstIndex) return [];
    s.ensure(qi);
    const tl = this.timelines[inst.market];
    const end = opts.end ?? Number.POSITIVE_INFINITY;
    const adjust = opts.adjust ?? 'none';
    const size = periodMinutes(period);
    const requested =
      opts.limit === undefined ? undefined : Math.max(1, Math.min(MAX_LIMIT, Math.floor(opts.limit)));

    if (size !== null) {
      const limit = requested ?? (size === 1 ? Number.POSITIVE_INFINITY : DEFAULT_LIMIT);
      const days: { i: number; bars: Bar[] }[] = [];
      let count = 0;
      for (let i = qi; i >= s.firstIndex && count < limit; i--) {
        const session = tl.session(i);
        if (session.open >= end) continue;
        const pos = i === qi ? positionAt(session, now) : positionAt(session, session.end);
        const bars = this.path(s, i)
          .minuteBars(pos)
          .filter((b) => b.time < end);
        days.unshift({ i, bars });
        count += size === 1 ? bars.length : Math.ceil(bars.length / size);
        if (requested === undefined && size === 1) break;
      }
      if (days.length === 0) return [];
      const factors = adjustmentFactors(s, days[0].i, days[days.length - 1].i, qi, adjust);
      const out: Candle[] = [];
      for (const d of days) {
        const f = factors[d.i - days[0].i];
        const minutes = d.bars.map((b) => toCandle(b, f));
        out.push(
          ...aggregateMinutes(
            minutes,
            d.bars.map((b) => b.local),
            size,
          ),
        );
      }
      return Number.isFinite(limit) ? out.slice(-limit) : out;
    }

    const daily = period as '1D' | '1W' | '1M' | '12M';
    const limit = requested ?? DEFAULT_LIMIT;
    let last = qi;
    while (last >= s.firstIndex && tl.session(last).midnight >= end) last--;
    if (last < s.firstIndex) return [];
    const first =
      daily === '12M' ? s.firstIndex : Math.max(s.firstIndex, last - (limit + 1) * DAYS_PER_BUCKET[daily]);
    const factors = adjustmentFactors(s, first, last, qi, adjust);
    const keyed = [];
    for (let i = first; i <= last; i++) {
      const bar = this.dayBar(s, i, now);
      keyed.push({
        candle: toCandle({ ...bar, time: tl.session(i).midnight }, factors[i - first]),
        key: dayBucket(daily, tl.dates[i]),
        bucketTime: tl.session(i).midnight,
      });
    }
    let out = mergeKeyed(keyed);
    // the first bucket may be cut off when history was not read from its start
    if (first > s.firstIndex && dayBucket(daily, tl.dates[first - 1]) === keyed[0].key) out = out.slice(1);
    return out.slice(-limit);
  }

  // ---- corporate actions ----

  async corporateActions(symbol: string): Promise<CorporateAction[]> {
    return this.corporateActionsAt(symbol, this.clock.now());
  }

  /**
   * Splits and dividends that have gone ex by `now`, and those announced (ex-date at most
   * `ANNOUNCE_TRADING_DAYS` trading days ahead, prices null); one entry per ex-date.
   */
  corporateActionsAt(symbol: string, now: number): CorporateAction[] {
    const inst = this.instrument(symbol);
    if (!inst) return [];
    const qi = this.quoteDay(inst.market, now);
    const s = this.seriesOf(inst);
    if (qi < s.firstIndex) return [];
    const ahead = qi + ANNOUNCE_TRADING_DAYS;
    s.ensure(ahead);
    const market = inst.market;
    const dates = this.timelines[market].dates;
    // an action is ex from the start of its ex-date (the base price is known from the close before it)
    const today = localDate(market, now);
    return s.actionDays
      .filter((e) => e <= ahead)
      .map((e) => {
        const gone = dates[e] <= today;
        const exDate = dates[e];
        const split = s.splitRatio[e] !== 1;
        const recordDate = recordDateForEx(market, exDate);
        return {
          symbol: inst.symbol,
          exDate,
          recordDate,
          paymentDate: split ? exDate : paymentDateFor(market, recordDate),
          kind: split ? ('split' as const) : ('dividend' as const),
          ...(split ? { ratio: s.splitRatio[e] } : {}),
          ...(s.dividend[e] > 0
            ? { cash: BigInt(s.dividend[e]), sourcePpm: Number(SOURCE_WITHHOLDING_PPM[market]) }
            : {}),
          currency: market,
          prevClose: gone ? BigInt(s.close[e - 1]) : null,
          base: gone ? BigInt(s.base[e]) : null,
        };
      });
  }

  // ---- stream ----

  subscribe(listener: QuoteListener, symbols?: readonly string[]): () => void {
    const entry = { fn: listener, symbols: symbols ? new Set(symbols) : null };
    this.listeners.add(entry);
    if (!this.timer && this.tickIntervalMs > 0) {
      this.timer = setInterval(() => this.pump(), this.tickIntervalMs);
      this.timer.unref?.();
    }
    return () => {
      this.listeners.delete(entry);
      if (this.listeners.size === 0) this.stopTimer();
    };
  }

  /**
   * Compute quotes now and deliver those that changed since the last delivery to the listeners
   * (runs on the timer; callable directly). Returns the changed quotes.
   */
  pump(): Quote[] {
    if (this.listeners.size === 0) return [];
    let all = false;
    const wanted = new Set<string>();
    for (const l of this.listeners) {
      if (!l.symbols) all = true;
      else for (const sym of l.symbols) wanted.add(sym);
    }
    const symbols = all ? this.list.map((i) => i.symbol) : [...wanted];
    const changed = this.quotes(symbols).filter((q) => {
      const sig = `${q.price}|${q.volume}|${q.session}|${q.tradingDay}`;
      if (this.lastSent.get(q.symbol) === sig) return false;
      this.lastSent.set(q.symbol, sig);
      return true;
    });
    if (changed.length === 0) return changed;
    for (const l of [...this.listeners]) {
      const mine = l.symbols ? changed.filter((q) => l.symbols?.has(q.symbol)) : changed;
      if (mine.length === 0) continue;
      try {
        l.fn(mine);
      } catch {
        // a failing listener must not stop the stream
      }
    }
    return changed;
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  ready(): Promise<void> {
    return Promise.resolve();
  }

  health(): ProviderHealth[] {
    return [
      {
        provider: this.name,
        markets: MARKETS,
        mode: 'simulated',
        connected: true,
        lastMessageAgeMs: 0,
        stale: false,
        gapsBackfilled: 0,
        rateLimited: 0,
        lastError: null,
      },
    ];
  }

  close(): void {
    this.listeners.clear();
    this.stopTimer();
  }
}

export const createSimulator = (opts: SimulatorOptions): SimulatedMarketData => new SimulatedMarketData(opts);
