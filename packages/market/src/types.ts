import type { InstrumentSpec, LocalDate, Market, SessionState, Units } from '@kabuto/domain';

export type Lang = 'jp' | 'cn' | 'us';
export type Names = Record<Lang, string>;

/** Which markets a search covers: only `market`, or all with `prefer`'s matches first (default: all, equally). */
export interface SearchScope {
  market?: Market;
  prefer?: Market;
}

/** A listed stock or an index. Prices in bigint units (scale 4), quantities in shares. */
export interface Instrument extends InstrumentSpec {
  /** As users know it: 7203, AAPL, 600519, 005930, N225. Unique across the catalogue. */
  symbol: string;
  kind: 'stock' | 'index';
  names: Names;
  /** Extra search terms (former names, local-language names). */
  aliases?: readonly string[];
  /** Shares outstanding at the reference date (approximate); 0 for indices. */
  sharesOutstanding: bigint;
  /** Price level around the reference date (units); the simulator centres its walk on it. */
  refPrice: Units;
  /** Listing date when after the start of simulated history (no data before it). */
  listed?: LocalDate;
  /** Real stock splits: ex-date and shares after per share before. */
  splits?: readonly Split[];
  /** Optional simulator tuning; defaults are derived from the seed. */
  sim?: SimulationHints;
}

export interface Split {
  exDate: LocalDate;
  ratio: number;
}

export interface SimulationHints {
  /** Annualised volatility (0.3 = 30%). */
  vol?: number;
  /** Annual dividend yield in basis points. */
  dividendBp?: number;
  /** Indices: average daily volume in shares and the average price of a traded share (units). */
  dailyVolume?: bigint;
  avgSharePrice?: Units;
  /** A new listing's first price (its opening on the listing day, the base of that day's limits). */
  listingOpen?: Units;
  /**
   * A new listing's offer price (公開価格): on the listing day the quote's base (preClose) and its change
   * are measured from it, as brokers show a new listing's first day against the offer, not the first trade.
   */
  listingBase?: Units;
}

/**
 * Where a price comes from: `live` (a real-time feed: tradable), `delayed` (an end-of-day or delayed
 * feed: display only, `delayMinutes` behind), `simulated` (the seeded simulator: paper money).
 */
export type DataMode = 'live' | 'delayed' | 'simulated';
export const DATA_MODES: readonly DataMode[] = ['live', 'delayed', 'simulated'];

export interface Quote {
  symbol: string;
  /** The data mode of this price (see `DataMode`). */
  mode: DataMode;
  /** Minutes behind the market when `mode` is `delayed` (0 otherwise). */
  delayMinutes: number;
  /** The feed stalled: no message for longer than its limit during the session. Never traded on. */
  stale: boolean;
  market: Market;
  kind: 'stock' | 'index';
  /** Last price. Before the day's first trade (and on closed days) it is the last session's close. */
  price: Units;
  open: Units;
  high: Units;
  low: Units;
  /** Base price of the session: previous close, adjusted for the day's corporate action. */
  preClose: Units;
  /** Shares traded in the session. */
  volume: bigint;
  /** Value traded in the session (units). */
  turnover: Units;
  change: Units;
  /** Change in basis points of preClose (1.23% = 123), rounded half away from zero. */
  changeBp: number;
  limitUp: Units | null;
  limitDown: Units | null;
  /** Tick size at the current price. */
  tick: Units;
  session: SessionState;
  /** The exchange-local trading day the figures belong to. */
  tradingDay: LocalDate;
  /** Epoch ms of the last price update. */
  time: number;
  /** price × shares outstanding; null for indices. */
  marketCap: Units | null;
}

export type Period = '1' | '5' | '15' | '30' | '1D' | '1W' | '1M' | '12M';
export const PERIODS: readonly Period[] = ['1', '5', '15', '30', '1D', '1W', '1M', '12M'];
export type Adjust = 'none' | 'forward' | 'backward';

export interface Candle {
  /** Epoch ms of the bar's start (daily and longer bars: local midnight of the first trading day). */
  time: number;
  open: Units;
  high: Units;
  low: Units;
  close: Units;
  volume: bigint;
  turnover: Units;
}

export interface CandleOptions {
  /** Price adjustment for corporate actions (default none). Forward keeps the latest prices. */
  adjust?: Adjust;
  /** Most recent N bars (default: the current day for '1', else 300; at most 5000). */
  limit?: number;
  /** Only bars that start before this instant (epoch ms) — for paging back. */
  end?: number;
}

/**
 * A corporate action as the provider announces it: ahead of its ex-date (the simulator a month ahead, as
 * issuers do), with its prices once it has gone ex.
 */
export interface CorporateAction {
  symbol: string;
  exDate: LocalDate;
  /** The record date (権利確定日): holders on it are entitled. */
  recordDate: LocalDate;
  /** A dividend's payment date; a split's effective date (the ex-date). */
  paymentDate: LocalDate;
  kind: 'split' | 'dividend';
  /** Split: shares after per share before (4; 0.1 for a 10:1 reverse split). */
  ratio?: number;
  /** Dividend per share before the split (units of `currency`). */
  cash?: Units;
  /** The currency of `cash` (the market's). */
  currency: Market;
  /** Withholding at source on a foreign dividend, in ppm (US 10% for a Japanese resident); 0: none. */
  sourcePpm?: number;
  /**
   * Close of the day before the ex-date and the ex-date's base price: the adjustment factor is base /
   * prevClose. Null while the action is announced but not yet ex.
   */
  prevClose: Units | null;
  base: Units | null;
}

/** A call auction's print: its one price, the shares it traded, and the day's limits (null: none). */
export interface CallPrint {
  price: Units;
  volume: bigint;
  limitUp: Units | null;
  limitDown: Units | null;
}

/** A due call whose print the provider does not know yet (see `MarketDataProvider.callPrint`). */
export type CallPending = 'pending';
export const CALL_PENDING: CallPending = 'pending';

/** A provider's state, for readiness checks and metrics (one row per connection it keeps). */
export interface ProviderHealth {
  /** Provider name (`simulator`, `jquants`, `alpaca`). */
  provider: string;
  /** Markets this provider serves in the running configuration. */
  markets: readonly Market[];
  mode: DataMode;
  /** The connection is up (always true for a provider without one). */
  connected: boolean;
  /** Milliseconds since the last message from the source, or null before the first. */
  lastMessageAgeMs: number | null;
  /** The feed is stalled (see `Quote.stale`). */
  stale: boolean;
  /** Gaps detected after reconnects and backfilled from history. */
  gapsBackfilled: number;
  /** Requests answered 429 (rate-limited) and retried after the wait. */
  rateLimited: number;
  /** Last error text, if any. */
  lastError: string | null;
}

export type QuoteListener = (quotes: readonly Quote[]) => void;

/**
 * A source of market data. Quotes are served from the provider's in-memory state (a real feed keeps a
 * snapshot fed by its stream), so they are synchronous; history may need I/O.
 */
export interface MarketDataProvider {
  readonly name: string;
  instruments(market?: Market): readonly Instrument[];
  instrument(symbol: string): Instrument | undefined;
  /** See `InstrumentIndex.search`: one market, or all with one preferred. */
  search(text: string, scope?: Market | SearchScope, limit?: number): Instrument[];
  quote(symbol: string): Quote | null;
  quotes(symbols: readonly string[]): Quote[];
  /**
   * The print of a call auction (板寄せ) at a call point `at` (see the domain's `callPoints`): the price
   * every crossing order fills at and the shares it traded (an opening call: the first price of the
   * phase and the volume of its first 5 seconds; the close: the closing print and the closing auction's
   * volume, or the last minute's without an auction). `'pending'`: the call is due but the provider does
   * not know its print yet (a delayed feed before the day's data arrives, a stream before the first trade
   * after the call): orders waiting for it keep waiting. Null: there is no print (not happened, no price,
   * or a point the source never prices): orders move on to their next call.
   */
  callPrint(symbol: string, at: number): CallPrint | CallPending | null;
  candles(symbol: string, period: Period, opts?: CandleOptions): Promise<Candle[]>;
  corporateActions(symbol: string): Promise<CorporateAction[]>;
  /** Ticks: called with the quotes that changed (of `symbols`, or of every instrument). Returns unsubscribe. */
  subscribe(listener: QuoteListener, symbols?: readonly string[]): () => void;
  /**
   * Add an instrument while running (a new listing): from then on it is quoted, searched and traded like
   * the catalogue's. Adding a symbol that is already there throws.
   */
  addInstrument(instrument: Instrument): void;
  /**
   * Resolves when the provider has what it needs to answer synchronously (a real feed loads its listed
   * issues and the latest prices); the simulator is ready at once.
   */
  ready(): Promise<void>;
  /** The provider's state (see `ProviderHealth`). */
  health(): ProviderHealth[];
  /** Stop timers and connections. */
  close(): void;
}
