import {
  type Clock,
  isContinuousTrading,
  localDate,
  MARKET_ZONE,
  type Market,
  parseUnits,
  sessionState,
  tickSize,
  type Units,
  zonedEpoch,
} from '@kabuto/domain';
import WebSocket from 'ws';
import { US_STOCKS } from '../catalogue/index.ts';
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
import { type RateLimit, RestClient } from './rest.ts';

/**
 * Alpaca Market Data v2 with the IEX feed: the WebSocket stream's trades feed the snapshot (live); REST
 * gives the previous close, the latest trade at start-up and after each reconnect, and bars. The stream
 * reconnects with exponential backoff and resubscribes; after a reconnect the minute bars of the gap are
 * backfilled; no message for `stallMs` during the session marks every quote stale.
 */
export interface AlpacaOptions {
  keyId: string;
  secret: string;
  /** Default https://data.alpaca.markets/v2 */
  dataUrl?: string;
  /** Default wss://stream.data.alpaca.markets/v2/iex */
  streamUrl?: string;
  clock: Clock;
  /** Symbols to stream (default the US catalogue's stocks; the free plan allows 30 trade channels). */
  symbols?: readonly string[];
  /** Default 200 requests a minute (the free plan's documented limit). */
  rate?: RateLimit;
  /** No stream message for this long during the session marks quotes stale (default 30 s). */
  stallMs?: number;
  /** First reconnect wait (default 1 s), doubling up to `reconnectMaxMs` (default 30 s). */
  reconnectMs?: number;
  reconnectMaxMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

const US: Market = 'usd';
const ZONE = MARKET_ZONE.usd;

interface AlpacaBar {
  t: string;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
  vw?: number;
}
interface AlpacaTrade {
  t: string;
  p: number;
  s: number;
}
type StreamMessage =
  | { T: 'success'; msg: string }
  | { T: 'error'; code: number; msg: string }
  | { T: 'subscription'; trades?: string[] }
  | ({ T: 't'; S: string } & AlpacaTrade)
  | { T: 'q'; S: string };

const units = (n: number): Units => parseUnits(String(n)) ?? 0n;
const TIMEFRAME: Record<Period, string> = {
  '1': '1Min',
  '5': '5Min',
  '15': '15Min',
  '30': '30Min',
  '1D': '1Day',
  '1W': '1Week',
  '1M': '1Month',
  '12M': '12Month',
};

interface Day {
  day: string;
  preClose: Units;
  price: Units;
  open: Units;
  high: Units;
  low: Units;
  volume: bigint;
  turnover: Units;
  time: number;
}

export class AlpacaMarketData implements MarketDataProvider {
  readonly name = 'alpaca';
  private readonly rest: RestClient;
  private readonly clock: Clock;
  private readonly index: InstrumentIndex;
  private readonly list: Instrument[];
  private readonly days = new Map<string, Day>();
  private readonly listeners = new Set<{ fn: QuoteListener; symbols: Set<string> | null }>();
  private ws: WebSocket | null = null;
  private connected = false;
  private closed = false;
  private attempts = 0;
  private lastMessage: number | null = null;
  private disconnectedAt: number | null = null;
  private stale = false;
  private gaps = 0;
  private lastError: string | null = null;
  private watchdog: ReturnType<typeof setInterval> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private starting: Promise<void> | null = null;
  private readonly symbols: string[];

  constructor(private readonly opts: AlpacaOptions) {
    this.clock = opts.clock;
    this.list = US_STOCKS.filter((i) => !opts.symbols || opts.symbols.includes(i.symbol));
    this.symbols = this.list.map((i) => i.symbol);
    this.index = new InstrumentIndex(this.list);
    this.rest = new RestClient({
      baseUrl: opts.dataUrl ?? 'https://data.alpaca.markets/v2',
      headers: { 'APCA-API-KEY-ID': opts.keyId, 'APCA-API-SECRET-KEY': opts.secret },
      rate: opts.rate ?? { requests: 200, perMs: 60_000 },
      fetch: opts.fetch,
      sleep: opts.sleep,
    });
  }

  ready(): Promise<void> {
    this.starting ??= this.start();
    return this.starting;
  }

  private async start(): Promise<void> {
    await this.loadDays();
    await this.latestTrades();
    this.connect();
    const stall = this.opts.stallMs ?? 30_000;
    this.watchdog = setInterval(() => this.checkStall(), Math.max(50, Math.floor(stall / 4)));
    this.watchdog.unref?.();
  }

  /** Previous close and today's figures so far, from daily bars. */
  private async loadDays(): Promise<void> {
    const now = this.clock.now();
    const start = new Date(now - 10 * 86_400_000).toISOString();
    const r = await this.rest.get<{ bars: Record<string, AlpacaBar[]> }>('/stocks/bars', {
      symbols: this.symbols.join(','),
      timeframe: '1Day',
      start,
      feed: 'iex',
      adjustment: 'raw',
    });
    const today = localDate(US, now);
    for (const symbol of this.symbols) {
      const bars = (r.bars?.[symbol] ?? []).map((b) => ({ ...b, day: localDate(US, Date.parse(b.t)) }));
      const cur = bars.at(-1)?.day === today ? bars.at(-1) : undefined;
      const prev = cur ? bars.at(-2) : bars.at(-1);
      if (!prev) continue;
      const preClose = units(prev.c);
      this.days.set(symbol, {
        day: today,
        preClose,
        price: cur ? units(cur.c) : preClose,
        open: cur ? units(cur.o) : preClose,
        high: cur ? units(cur.h) : preClose,
        low: cur ? units(cur.l) : preClose,
        volume: cur ? BigInt(cur.v) : 0n,
        turnover: cur ? units(cur.c * cur.v) : 0n,
        time: cur ? Date.parse(cur.t) : zonedEpoch(ZONE, prev.day, 16 * 3600),
      });
    }
  }

  private async latestTrades(): Promise<Quote[]> {
    const r = await this.rest.get<{ trades: Record<string, AlpacaTrade> }>('/stocks/trades/latest', {
      symbols: this.symbols.join(','),
      feed: 'iex',
    });
    const changed: Quote[] = [];
    for (const [symbol, t] of Object.entries(r.trades ?? {})) {
      const d = this.days.get(symbol);
      if (!d || Date.parse(t.t) < d.time) continue;
      d.price = units(t.p);
      d.time = Date.parse(t.t);
      const q = this.quote(symbol);
      if (q) changed.push(q);
    }
    return changed;
  }

  private connect(): void {
    if (this.closed) return;
    const ws = new WebSocket(this.opts.streamUrl ?? 'wss://stream.data.alpaca.markets/v2/iex');
    this.ws = ws;
    ws.on('message', (raw) => this.onMessage(String(raw)));
    ws.on('error', (e) => {
      this.lastError = String(e);
    });
    ws.on('close', () => {
      if (this.ws !== ws) return;
      this.connected = false;
      this.disconnectedAt ??= this.clock.now();
      if (this.closed) return;
      const base = this.opts.reconnectMs ?? 1000;
      const wait = Math.min(base * 2 ** this.attempts, this.opts.reconnectMaxMs ?? 30_000);
      this.attempts++;
      this.reconnectTimer = setTimeout(() => this.connect(), wait);
      this.reconnectTimer.unref?.();
    });
  }

  private onMessage(text: string): void {
    let msgs: StreamMessage[];
    try {
      msgs = JSON.parse(text) as StreamMessage[];
    } catch {
      return;
    }
    this.lastMessage = this.clock.now();
    const changed: Quote[] = [];
    if (this.stale) {
      this.stale = false;
      changed.push(...this.quotes(this.symbols));
    }
    for (const m of msgs) {
      if (m.T === 'success' && m.msg === 'connected') {
        this.ws?.send(JSON.stringify({ action: 'auth', key: this.opts.keyId, secret: this.opts.secret }));
      } else if (m.T === 'success' && m.msg === 'authenticated') {
        this.ws?.send(JSON.stringify({ action: 'subscribe', trades: this.symbols, quotes: this.symbols }));
      } else if (m.T === 'subscription') {
        this.connected = true;
        this.attempts = 0;
        this.lastError = null;
        if (this.disconnectedAt !== null) {
          const since = this.disconnectedAt;
          this.disconnectedAt = null;
          this.backfill(since).catch((e) => {
            this.lastError = String(e);
          });
        }
      } else if (m.T === 'error') {
        this.lastError = `${m.code} ${m.msg}`;
      } else if (m.T === 't') {
        const q = this.applyTrade(m.S, m);
        if (q) changed.push(q);
      }
    }
    if (changed.length > 0) this.emit(changed);
  }

  private applyTrade(symbol: string, t: AlpacaTrade): Quote | null {
    const d = this.days.get(symbol);
    if (!d) return null;
    const p = units(t.p);
    const at = Date.parse(t.t);
    if (d.volume === 0n) {
      d.open = p;
      d.high = p;
      d.low = p;
    }
    if (p > d.high) d.high = p;
    if (p < d.low) d.low = p;
    d.volume += BigInt(t.s);
    d.turnover += p * BigInt(t.s);
    if (at >= d.time) {
      d.price = p;
      d.time = at;
    }
    return this.quote(symbol);
  }

  /** After a reconnect: the minute bars missed while down fold into the day, then the latest trade. */
  private async backfill(since: number): Promise<void> {
    const r = await this.rest.get<{ bars: Record<string, AlpacaBar[]> }>('/stocks/bars', {
      symbols: this.symbols.join(','),
      timeframe: '1Min',
      start: new Date(since).toISOString(),
      feed: 'iex',
    });
    let filled = false;
    for (const [symbol, bars] of Object.entries(r.bars ?? {})) {
      const d = this.days.get(symbol);
      if (!d) continue;
      for (const b of bars) {
        filled = true;
        if (units(b.h) > d.high) d.high = units(b.h);
        if (units(b.l) < d.low) d.low = units(b.l);
        d.volume += BigInt(b.v);
        d.turnover += units(b.c * b.v);
      }
    }
    if (filled) this.gaps++;
    const changed = await this.latestTrades();
    if (changed.length > 0) this.emit(changed);
  }

  private checkStall(): void {
    const stall = this.opts.stallMs ?? 30_000;
    const now = this.clock.now();
    const silent = this.lastMessage === null || now - this.lastMessage > stall;
    if (!this.stale && silent && isContinuousTrading(US, now)) {
      this.stale = true;
      this.emit(this.quotes(this.symbols));
    }
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
    return market && market !== US ? [] : this.list;
  }

  instrument(symbol: string): Instrument | undefined {
    return this.index.get(symbol);
  }

  search(text: string, scope?: Market | SearchScope, limit = 20): Instrument[] {
    return this.index.search(text, scope ?? {}, limit);
  }

  /**
   * The IEX feed carries no auction print: an order waiting for New York's opening or closing cross fills
   * at the first streamed trade at or after the call point (the quote's price once its time has reached
   * `at`), with no volume of its own (US stocks have no daily limits, so no stop allocation needs it).
   * Until that trade has streamed (or while the stream is stalled) the print is pending for the rest of
   * the call's session; after it, there is none.
   */
  callPrint(symbol: string, at: number): CallPrint | CallPending | null {
    const q = this.quote(symbol);
    if (q && !q.stale && q.price > 0n && q.time >= at)
      return { price: q.price, volume: 0n, limitUp: null, limitDown: null };
    const now = this.clock.now();
    const sameSession = localDate(US, now) === localDate(US, at) && sessionState(US, now) !== 'closed';
    return q && sameSession ? CALL_PENDING : null;
  }

  quote(symbol: string): Quote | null {
    const inst = this.instrument(symbol);
    const d = inst && this.days.get(inst.symbol);
    if (!inst || !d) return null;
    const change = d.price - d.preClose;
    const bp = d.preClose > 0n ? Number((change * 10_000n) / d.preClose) : 0;
    return {
      symbol: inst.symbol,
      mode: 'live',
      delayMinutes: 0,
      stale: this.stale,
      market: US,
      kind: inst.kind,
      price: d.price,
      open: d.open,
      high: d.high,
      low: d.low,
      preClose: d.preClose,
      volume: d.volume,
      turnover: d.turnover,
      change,
      changeBp: bp,
      limitUp: null,
      limitDown: null,
      tick: tickSize(inst.tickTable, d.price, d.day),
      session: sessionState(US, this.clock.now()),
      tradingDay: d.day,
      time: d.time,
      marketCap: inst.sharesOutstanding > 0n ? d.price * inst.sharesOutstanding : null,
    };
  }

  quotes(symbols: readonly string[]): Quote[] {
    return symbols.map((s) => this.quote(s)).filter((q): q is Quote => q !== null);
  }

  async candles(symbol: string, period: Period, opts: CandleOptions = {}): Promise<Candle[]> {
    const inst = this.instrument(symbol);
    if (!inst) return [];
    const limit = Math.min(Math.max(opts.limit ?? 300, 1), 5000);
    const end = opts.end ?? this.clock.now();
    const span = {
      '1': 1,
      '5': 5,
      '15': 15,
      '30': 30,
      '1D': 1440 * 1.5,
      '1W': 7 * 1440,
      '1M': 31 * 1440,
      '12M': 366 * 1440,
    }[period];
    const start =
      end - Math.ceil(limit * span * 60_000 * (period.length <= 2 && /^\d+$/.test(period) ? 4 : 1));
    const todayStart = zonedEpoch(ZONE, localDate(US, this.clock.now()), 0);
    const r = await this.rest.get<{ bars: AlpacaBar[] | null }>(
      `/stocks/${encodeURIComponent(inst.symbol)}/bars`,
      {
        timeframe: TIMEFRAME[period],
        start: new Date(start).toISOString(),
        end: new Date(end).toISOString(),
        feed: 'iex',
        limit: String(10_000),
        adjustment: opts.adjust === 'forward' ? 'all' : 'raw',
      },
      end < todayStart,
    );
    return (r.bars ?? [])
      .map((b) => ({
        time: Date.parse(b.t),
        open: units(b.o),
        high: units(b.h),
        low: units(b.l),
        close: units(b.c),
        volume: BigInt(b.v),
        turnover: units((b.vw ?? b.c) * b.v),
      }))
      .filter((c) => c.time < end)
      .slice(-limit);
  }

  /** Alpaca's corporate-actions API is not read yet (docs/market-data.md, "Not done yet"): none. */
  async corporateActions(_symbol: string): Promise<CorporateAction[]> {
    return [];
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
    return [
      {
        provider: this.name,
        markets: [US],
        mode: 'live',
        connected: this.connected,
        lastMessageAgeMs: this.lastMessage === null ? null : Math.max(0, this.clock.now() - this.lastMessage),
        stale: this.stale,
        gapsBackfilled: this.gaps,
        rateLimited: this.rest.stats.rateLimited,
        lastError: this.lastError ?? this.rest.stats.lastError,
      },
    ];
  }

  close(): void {
    this.closed = true;
    if (this.watchdog) clearInterval(this.watchdog);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.ws?.close();
    this.listeners.clear();
  }
}
