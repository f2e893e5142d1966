import {
  addDays,
  type Board,
  type Clock,
  callPoints,
  type LocalDate,
  localDate,
  MARKET_ZONE,
  type Market,
  parseUnits,
  paymentDateFor,
  priceLimits,
  recordDateForEx,
  sessionState,
  type TickTableId,
  tickSize,
  type Units,
  zonedEpoch,
} from '@kabuto/domain';
import { dayBucket, mergeKeyed } from '../candles.ts';
import { JP_STOCKS } from '../catalogue/index.ts';
import { InstrumentIndex } from '../search.ts';
import {
  CALL_PENDING,
  type CallPending,
  type CallPrint,
  type Candle,
  type CandleOptions,
  type CorporateAction,
  type Instrument,
  type MarketDataProvider,
  type Period,
  type ProviderHealth,
  type Quote,
  type QuoteListener,
  type SearchScope,
} from '../types.ts';
import { PeriodUnavailableError } from './errors.ts';
import { type RateLimit, RestClient } from './rest.ts';

/**
 * J-Quants API v2 (JPX): listed issues, daily bars (adjusted and unadjusted), the trading calendar,
 * dividends, and TOPIX. Authenticated by the `x-api-key` header. Its data is end-of-day / delayed, so
 * every quote is `delayed`; it has no intraday bars on the plans this adapter targets.
 */
export interface JQuantsOptions {
  apiKey: string;
  /** Default https://api.jquants.com/v2 */
  baseUrl?: string;
  clock: Clock;
  /** Minutes the plan's prices are behind the market (shown to users; default 20). */
  delayMinutes?: number;
  /** Requests per minute of the plan (default 5: the free plan's documented limit). */
  rate?: RateLimit;
  /** How often the latest bars are polled (default 5 minutes; 0: never). */
  pollMs?: number;
  backoffMs?: number;
  retries?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

const JP: Market = 'jpy';
const ZONE = MARKET_ZONE.jpy;

interface Reply<T> {
  data: T[];
  pagination_key?: string;
}
type Num = number | string | null;
interface MasterRow {
  Date: string;
  Code: string;
  CoName: string;
  CoNameEn: string;
  S17Nm?: string;
  S33Nm?: string;
  ScaleCat?: string;
  Mkt: string;
  MktNm?: string;
}
interface BarRow {
  Date: string;
  Code: string;
  O: Num;
  H: Num;
  L: Num;
  C: Num;
  Vo: Num;
  Va: Num;
  AdjFactor: Num;
  AdjO: Num;
  AdjH: Num;
  AdjL: Num;
  AdjC: Num;
}
interface IndexBarRow {
  Date: string;
  O: Num;
  H: Num;
  L: Num;
  C: Num;
}
interface CalendarRow {
  Date: string;
  HolDiv: string;
}
interface DividendRow {
  Code: string;
  StatCode: string;
  FRCode: string;
  DivRate: Num;
  ExDate: string;
  RecordDate?: string;
  PayableDate?: string;
}

/** J-Quants market-segment codes → boards (other segments, e.g. TOKYO PRO Market, are not offered). */
const BOARD_OF: Record<string, Board> = { '0111': 'tse_prime', '0112': 'tse_standard', '0113': 'tse_growth' };
/** TOPIX500 (Core30 + Large70 + Mid400) uses the finer tick table. */
const TOPIX500 = /TOPIX (Core30|Large70|Mid400)/;
export const TOPIX_SYMBOL = 'TOPIX';

/** 5-character J-Quants code → the 4-character code users know (72030 → 7203, 130A0 → 130A). */
export const symbolOfCode = (code: string) =>
  code.length === 5 && code.endsWith('0') ? code.slice(0, 4) : code;

const units = (v: Num | undefined): Units | null => {
  if (v === null || v === undefined || v === '' || v === '-') return null;
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isFinite(n)) return null;
  return parseUnits(String(n));
};
const num = (v: Num | undefined): number | null => {
  if (v === null || v === undefined || v === '' || v === '-') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};
/** Factor as a fraction (numerator over 1e6) to keep bigint prices exact up to the factor's precision. */
const PPM = 1_000_000n;
const ppm = (f: number) => BigInt(Math.round(f * 1e6));
const roundDiv = (a: bigint, b: bigint) => (a >= 0n ? (2n * a + b) / (2n * b) : -((2n * -a + b) / (2n * b)));

function changeBp(change: bigint, base: bigint): number {
  if (base <= 0n) return 0;
  return Number(roundDiv(change * 10_000n, base));
}

interface DayBar {
  date: LocalDate;
  o: Units;
  h: Units;
  l: Units;
  c: Units;
  v: bigint;
  t: Units;
  factor: number;
}

function dayBar(r: BarRow | IndexBarRow): DayBar | null {
  const o = units(r.O);
  const h = units(r.H);
  const l = units(r.L);
  const c = units(r.C);
  if (o === null || h === null || l === null || c === null) return null; // no trade that day
  const b = r as Partial<BarRow>;
  return {
    date: r.Date,
    o,
    h,
    l,
    c,
    v: BigInt(Math.round(num(b.Vo) ?? 0)),
    t: units(b.Va) ?? 0n,
    factor: num(b.AdjFactor) ?? 1,
  };
}

export class JQuantsMarketData implements MarketDataProvider {
  readonly name = 'jquants';
  readonly mode = 'delayed' as const;
  readonly delayMinutes: number;
  private readonly rest: RestClient;
  private readonly clock: Clock;
  private index = new InstrumentIndex([]);
  private list: Instrument[] = [];
  private readonly snapshot = new Map<string, Quote>();
  private readonly listeners = new Set<{ fn: QuoteListener; symbols: Set<string> | null }>();
  private tradingDays: LocalDate[] = [];
  /** The bars of the latest days loaded (for call prints), and the latest day that has bars. */
  private readonly dayBars = new Map<LocalDate, Map<string, DayBar>>();
  private barsThrough: LocalDate | null = null;
  private lastOk: number | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private starting: Promise<void> | null = null;

  constructor(private readonly opts: JQuantsOptions) {
    this.clock = opts.clock;
    this.delayMinutes = opts.delayMinutes ?? 20;
    this.rest = new RestClient({
      baseUrl: opts.baseUrl ?? 'https://api.jquants.com/v2',
      headers: { 'x-api-key': opts.apiKey },
      rate: opts.rate ?? { requests: 5, perMs: 60_000 },
      backoffMs: opts.backoffMs,
      retries: opts.retries,
      fetch: opts.fetch,
      sleep: opts.sleep,
    });
  }

  /** Every page of a paginated endpoint. */
  private async all<T>(
    path: string,
    query: Record<string, string | undefined>,
    immutable = false,
  ): Promise<T[]> {
    const out: T[] = [];
    let key: string | undefined;
    do {
      const page = await this.rest.get<Reply<T>>(path, { ...query, pagination_key: key }, immutable);
      out.push(...(page.data ?? []));
      key = page.pagination_key || undefined;
    } while (key);
    this.lastOk = this.clock.now();
    return out;
  }

  private today(): LocalDate {
    return localDate(JP, this.clock.now());
  }

  ready(): Promise<void> {
    this.starting ??= this.start();
    return this.starting;
  }

  private async start(): Promise<void> {
    const master = await this.all<MasterRow>('/equities/master', {});
    const cnNames = new Map(JP_STOCKS.map((s) => [s.symbol, s.names.cn]));
    const instruments: Instrument[] = [];
    for (const row of master) {
      const board = BOARD_OF[row.Mkt];
      if (!board) continue;
      const symbol = symbolOfCode(row.Code);
      const tickTable: TickTableId = TOPIX500.test(row.ScaleCat ?? '') ? 'tse_topix500' : 'tse_general';
      instruments.push({
        symbol,
        kind: 'stock',
        market: JP,
        board,
        tickTable,
        names: { jp: row.CoName, cn: cnNames.get(symbol) ?? row.CoName, us: row.CoNameEn || row.CoName },
        aliases: [row.S33Nm, row.S17Nm].filter((x): x is string => !!x),
        sharesOutstanding: 0n,
        refPrice: 0n,
      });
    }
    instruments.push({
      symbol: TOPIX_SYMBOL,
      kind: 'index',
      market: JP,
      board: 'index',
      tickTable: 'index',
      names: { jp: 'TOPIX（東証株価指数）', cn: '东证指数', us: 'TOPIX' },
      sharesOutstanding: 0n,
      refPrice: 0n,
    });
    this.list = instruments;
    this.index = new InstrumentIndex(instruments);
    await this.refresh();
    const poll = this.opts.pollMs ?? 5 * 60_000;
    if (poll > 0) {
      this.timer = setInterval(() => {
        this.refresh().catch(() => {
          // the error is in health(); the snapshot keeps its last prices
        });
      }, poll);
      this.timer.unref?.();
    }
  }

  /** The trading calendar (J-Quants `HolDiv`: 1 business day, 2 half-day session). */
  async calendar(from: LocalDate, to: LocalDate): Promise<LocalDate[]> {
    const rows = await this.all<CalendarRow>('/markets/calendar', { from, to }, to < this.today());
    return rows.filter((r) => r.HolDiv === '1' || r.HolDiv === '2').map((r) => r.Date);
  }

  /** Fetch the last two trading days' bars and rebuild the snapshot; tell subscribers what changed. */
  async refresh(): Promise<void> {
    const today = this.today();
    this.tradingDays = await this.calendar(addDays(today, -14), today);
    const days = this.tradingDays.filter((d) => d <= today);
    // today's bars appear after the close: the latest day with bars is the quote's day
    let at = days.length - 1;
    let lastRows: BarRow[] = [];
    while (at >= 0 && at >= days.length - 3) {
      lastRows = await this.all<BarRow>('/equities/bars/daily', { date: days[at] }, days[at] < today);
      if (lastRows.length > 0) break;
      at--;
    }
    const last = days[at];
    const prev = days[at - 1];
    if (!last || lastRows.length === 0) return;
    const [prevRows, topix] = await Promise.all([
      prev ? this.all<BarRow>('/equities/bars/daily', { date: prev }, true) : Promise.resolve([]),
      this.all<IndexBarRow>('/indices/bars/daily/topix', { from: prev ?? last, to: last }, last < today),
    ]);
    const prevBy = new Map(prevRows.map((r) => [symbolOfCode(r.Code), dayBar(r)]));
    this.keepBars(last, lastRows);
    if (prev) this.keepBars(prev, prevRows);
    if (this.barsThrough === null || last > this.barsThrough) this.barsThrough = last;
    const changed: Quote[] = [];
    const put = (symbol: string, bar: DayBar | null, before: DayBar | null | undefined) => {
      const inst = this.index.get(symbol);
      if (!inst) return;
      const q = this.quoteOf(inst, last, bar, before ?? null);
      if (!q) return;
      const old = this.snapshot.get(symbol);
      this.snapshot.set(symbol, q);
      if (!old || old.price !== q.price || old.volume !== q.volume || old.tradingDay !== q.tradingDay)
        changed.push(q);
    };
    for (const r of lastRows) {
      const symbol = symbolOfCode(r.Code);
      put(symbol, dayBar(r), prevBy.get(symbol));
    }
    const tp = topix.map(dayBar);
    put(TOPIX_SYMBOL, tp.at(-1) ?? null, tp.length > 1 ? tp.at(-2) : null);
    if (changed.length > 0) this.emit(changed);
  }

  /** Remember a day's bars for its call prints (the last few days only). */
  private keepBars(day: LocalDate, rows: readonly BarRow[]): void {
    const byCode = new Map<string, DayBar>();
    for (const r of rows) {
      const b = dayBar(r);
      if (b) byCode.set(symbolOfCode(r.Code), b);
    }
    this.dayBars.set(day, byCode);
    const days = [...this.dayBars.keys()].sort();
    for (const d of days.slice(0, Math.max(0, days.length - 5))) this.dayBars.delete(d);
  }

  private quoteOf(inst: Instrument, day: LocalDate, bar: DayBar | null, before: DayBar | null): Quote | null {
    // a day without trades: the last close stands
    const factor = bar?.factor ?? 1;
    const preClose = before
      ? factor === 1
        ? before.c
        : roundDiv(before.c * ppm(factor), PPM)
      : (bar?.o ?? 0n);
    const price = bar?.c ?? preClose;
    if (price <= 0n) return null;
    const change = price - preClose;
    const limits = priceLimits(inst, preClose, day);
    return {
      symbol: inst.symbol,
      mode: 'delayed',
      delayMinutes: this.delayMinutes,
      stale: false,
      market: JP,
      kind: inst.kind,
      price,
      open: bar?.o ?? price,
      high: bar?.h ?? price,
      low: bar?.l ?? price,
      preClose,
      volume: bar?.v ?? 0n,
      turnover: bar?.t ?? 0n,
      change,
      changeBp: changeBp(change, preClose),
      limitUp: limits?.up ?? null,
      limitDown: limits?.down ?? null,
      tick: tickSize(inst.tickTable, price, day),
      session: sessionState(JP, this.clock.now()),
      tradingDay: day,
      time: zonedEpoch(ZONE, day, 15 * 3600 + 30 * 60),
      marketCap: null,
    };
  }

  private emit(quotes: Quote[]): void {
    for (const l of this.listeners) {
      const mine = l.symbols ? quotes.filter((q) => l.symbols?.has(q.symbol)) : quotes;
      if (mine.length === 0) continue;
      try {
        l.fn(mine);
      } catch {
        // a failing listener must not stop the others
      }
    }
  }

  instruments(market?: Market): readonly Instrument[] {
    if (market && market !== JP) return [];
    return this.list;
  }

  instrument(symbol: string): Instrument | undefined {
    return this.index.get(symbol);
  }

  search(text: string, scope?: Market | SearchScope, limit = 20): Instrument[] {
    return this.index.search(text, scope ?? {}, limit);
  }

  /**
   * Call prints from daily bars, once the day's bars have arrived (pending until then): the morning's
   * opening auction is the day's open, the closing auction its close. Daily bars carry neither the
   * afternoon's opening print nor the auctions' own volumes: the 12:30 call has no print (orders move on
   * to the close) and the volume is 0. Orders only wait for these calls when an operator has made the
   * delayed market tradable at the next auction (`delayed_auction`).
   */
  callPrint(symbol: string, at: number): CallPrint | CallPending | null {
    const day = localDate(JP, at);
    if (this.barsThrough === null || day > this.barsThrough)
      return at <= this.clock.now() ? CALL_PENDING : null;
    const sym = symbol.toUpperCase();
    const bar = this.dayBars.get(day)?.get(sym);
    if (!bar) return null;
    const points = callPoints(JP, day);
    const price = at === points[0]?.at ? bar.o : at === points.at(-1)?.at ? bar.c : null;
    if (price === null) return null;
    const q = this.snapshot.get(sym);
    const same = q?.tradingDay === day;
    return {
      price,
      volume: 0n,
      limitUp: same ? (q?.limitUp ?? null) : null,
      limitDown: same ? (q?.limitDown ?? null) : null,
    };
  }

  quote(symbol: string): Quote | null {
    return this.snapshot.get(symbol.toUpperCase()) ?? null;
  }

  quotes(symbols: readonly string[]): Quote[] {
    return symbols.map((s) => this.quote(s)).filter((q): q is Quote => q !== null);
  }

  /** Daily bars of a stock (or TOPIX) over [from, to]: the past is cached, today is always asked. */
  private async dailyBars(symbol: string, from: LocalDate, to: LocalDate): Promise<(BarRow | IndexBarRow)[]> {
    const today = this.today();
    const path = symbol === TOPIX_SYMBOL ? '/indices/bars/daily/topix' : '/equities/bars/daily';
    const code = symbol === TOPIX_SYMBOL ? undefined : symbol;
    const pastTo = to < today ? to : addDays(today, -1);
    const rows: (BarRow | IndexBarRow)[] = [];
    if (from <= pastTo) rows.push(...(await this.all<BarRow>(path, { code, from, to: pastTo }, true)));
    if (to >= today) rows.push(...(await this.all<BarRow>(path, { code, from: today, to: today })));
    return rows;
  }

  async candles(symbol: string, period: Period, opts: CandleOptions = {}): Promise<Candle[]> {
    if (period === '1' || period === '5' || period === '15' || period === '30') {
      throw new PeriodUnavailableError(this.name, period);
    }
    const inst = this.instrument(symbol);
    if (!inst) return [];
    const limit = Math.min(Math.max(opts.limit ?? 300, 1), 5000);
    const daysPer = { '1D': 1.5, '1W': 7.5, '1M': 31, '12M': 366 }[period];
    const today = this.today();
    const to = opts.end ? localDate(JP, opts.end - 1) : today;
    const from = addDays(to, -Math.min(Math.ceil(limit * daysPer) + 7, 366 * 20));
    const rows = (await this.dailyBars(inst.symbol, from, to)).sort((a, b) => (a.Date < b.Date ? -1 : 1));
    const adjust = opts.adjust ?? 'none';
    // backward: keep the earliest prices, scale later ones by the inverse of the factors since
    let cum = PPM;
    const daily: { date: LocalDate; candle: Candle }[] = [];
    for (const r of rows) {
      const raw = dayBar(r);
      const b = r as Partial<BarRow>;
      if (raw && raw.factor !== 1) cum = roundDiv(cum * PPM, ppm(raw.factor));
      if (!raw) continue;
      let c: Candle = {
        time: zonedEpoch(ZONE, r.Date, 0),
        open: raw.o,
        high: raw.h,
        low: raw.l,
        close: raw.c,
        volume: raw.v,
        turnover: raw.t,
      };
      if (adjust === 'forward' && b.AdjC !== undefined) {
        const adj = dayBar({
          Date: r.Date,
          O: b.AdjO ?? null,
          H: b.AdjH ?? null,
          L: b.AdjL ?? null,
          C: b.AdjC ?? null,
        });
        if (adj) c = { ...c, open: adj.o, high: adj.h, low: adj.l, close: adj.c };
      } else if (adjust === 'backward' && cum !== PPM) {
        const f = (p: Units) => roundDiv(p * cum, PPM);
        c = { ...c, open: f(c.open), high: f(c.high), low: f(c.low), close: f(c.close) };
      }
      daily.push({ date: r.Date, candle: c });
    }
    const merged =
      period === '1D'
        ? daily.map((d) => d.candle)
        : mergeKeyed(
            daily.map((d) => ({
              candle: d.candle,
              key: dayBucket(period, d.date),
              bucketTime: d.candle.time,
            })),
          );
    const before = opts.end === undefined ? merged : merged.filter((c) => c.time < (opts.end as number));
    return before.slice(-limit);
  }

  /** Dividends (decided, not withdrawn) from `/fins/dividend`; splits from the bars' adjustment factors. */
  async corporateActions(symbol: string): Promise<CorporateAction[]> {
    const inst = this.instrument(symbol);
    if (inst?.kind !== 'stock') return [];
    const divs = (await this.all<DividendRow>('/fins/dividend', { code: inst.symbol })).filter(
      (d) =>
        d.FRCode === '1' &&
        d.StatCode !== '3' &&
        units(d.DivRate) !== null &&
        /^\d{4}-\d{2}-\d{2}$/.test(d.ExDate),
    );
    const today = this.today();
    const earliest = divs.reduce((m, d) => (d.ExDate < m ? d.ExDate : m), addDays(today, -366 * 5));
    const rows = (await this.dailyBars(inst.symbol, addDays(earliest, -14), today))
      .map((r) => dayBar(r))
      .filter((b): b is DayBar => b !== null)
      .sort((a, b) => (a.date < b.date ? -1 : 1));
    const prevCloseOn = (date: LocalDate): Units | null => {
      let p: Units | null = null;
      for (const b of rows) {
        if (b.date >= date) break;
        p = b.c;
      }
      return p;
    };
    const out: CorporateAction[] = [];
    for (const b of rows) {
      if (b.factor === 1) continue;
      const prevClose = prevCloseOn(b.date);
      if (prevClose === null) continue;
      out.push({
        symbol: inst.symbol,
        exDate: b.date,
        recordDate: recordDateForEx('jpy', b.date),
        paymentDate: b.date,
        currency: 'jpy',
        kind: 'split',
        ratio: Math.round((1 / b.factor) * 1e6) / 1e6,
        prevClose,
        base: roundDiv(prevClose * ppm(b.factor), PPM),
      });
    }
    for (const d of divs) {
      const prevClose = prevCloseOn(d.ExDate);
      const cash = units(d.DivRate) as Units;
      if (prevClose === null) continue;
      out.push({
        symbol: inst.symbol,
        exDate: d.ExDate,
        recordDate:
          d.RecordDate && /^\d{4}-\d{2}-\d{2}$/.test(d.RecordDate)
            ? d.RecordDate
            : recordDateForEx('jpy', d.ExDate),
        paymentDate:
          d.PayableDate && /^\d{4}-\d{2}-\d{2}$/.test(d.PayableDate)
            ? d.PayableDate
            : paymentDateFor('jpy', recordDateForEx('jpy', d.ExDate)),
        currency: 'jpy',
        kind: 'dividend',
        cash,
        prevClose,
        base: prevClose - cash,
      });
    }
    return out.sort((a, b) => (a.exDate < b.exDate ? -1 : a.exDate > b.exDate ? 1 : 0));
  }

  subscribe(listener: QuoteListener, symbols?: readonly string[]): () => void {
    const entry = { fn: listener, symbols: symbols ? new Set(symbols) : null };
    this.listeners.add(entry);
    return () => this.listeners.delete(entry);
  }

  addInstrument(instrument: Instrument): void {
    if (this.index.get(instrument.symbol)) throw new Error(`instrument ${instrument.symbol} already exists`);
    this.index.add(instrument);
    this.list.push(instrument);
  }

  health(): ProviderHealth[] {
    const s = this.rest.stats;
    return [
      {
        provider: this.name,
        markets: [JP],
        mode: 'delayed',
        connected: s.lastError === null && this.lastOk !== null,
        lastMessageAgeMs: this.lastOk === null ? null : Math.max(0, this.clock.now() - this.lastOk),
        stale: false,
        gapsBackfilled: 0,
        rateLimited: s.rateLimited,
        lastError: s.lastError,
      },
    ];
  }

  /** Requests sent and cache hits (for tests and metrics). */
  get stats() {
    return this.rest.stats;
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.listeners.clear();
  }
}
