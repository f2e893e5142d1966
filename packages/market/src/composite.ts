import { MARKETS, type Market } from '@kabuto/domain';
import type {
  CallPending,
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
} from './types.ts';

/**
 * One provider per market, behind the one `MarketDataProvider` interface: each symbol is routed to the
 * provider of its market, so the rest of the server does not know there are several. A provider that
 * serves several markets (the simulator) only answers for the markets it was given here.
 */
export class CompositeMarketData implements MarketDataProvider {
  readonly name: string;
  private readonly distinct: MarketDataProvider[];

  constructor(private readonly byMarket: Readonly<Record<Market, MarketDataProvider>>) {
    this.distinct = [...new Set(MARKETS.map((m) => byMarket[m]))];
    this.name = MARKETS.map((m) => `${m}:${byMarket[m].name}`).join(',');
  }

  /** The markets a provider serves here. */
  marketsOf(provider: MarketDataProvider): Market[] {
    return MARKETS.filter((m) => this.byMarket[m] === provider);
  }

  private owns(provider: MarketDataProvider, inst: Instrument | undefined): inst is Instrument {
    return inst !== undefined && this.byMarket[inst.market] === provider;
  }

  instruments(market?: Market): readonly Instrument[] {
    if (market) return this.byMarket[market].instruments(market).filter((i) => i.market === market);
    return MARKETS.flatMap((m) => this.instruments(m));
  }

  instrument(symbol: string): Instrument | undefined {
    for (const p of this.distinct) {
      const inst = p.instrument(symbol);
      if (this.owns(p, inst)) return inst;
    }
    return undefined;
  }

  search(text: string, scope?: Market | SearchScope, limit = 20): Instrument[] {
    const s: SearchScope = typeof scope === 'string' ? { market: scope } : (scope ?? {});
    if (s.market) {
      const p = this.byMarket[s.market];
      return p.search(text, { market: s.market }, limit).filter((i) => i.market === s.market);
    }
    const found = this.distinct.flatMap((p) => p.search(text, s, limit).filter((i) => this.owns(p, i)));
    if (s.prefer) {
      const pref = s.prefer;
      found.sort((a, b) => Number(b.market === pref) - Number(a.market === pref));
    }
    return found.slice(0, limit);
  }

  private providerOf(symbol: string): MarketDataProvider | undefined {
    const inst = this.instrument(symbol);
    return inst ? this.byMarket[inst.market] : undefined;
  }

  callPrint(symbol: string, at: number): CallPrint | CallPending | null {
    return this.providerOf(symbol)?.callPrint(symbol, at) ?? null;
  }

  quote(symbol: string): Quote | null {
    return this.providerOf(symbol)?.quote(symbol) ?? null;
  }

  quotes(symbols: readonly string[]): Quote[] {
    const out: Quote[] = [];
    for (const s of symbols) {
      const q = this.quote(s);
      if (q) out.push(q);
    }
    return out;
  }

  candles(symbol: string, period: Period, opts?: CandleOptions): Promise<Candle[]> {
    const p = this.providerOf(symbol);
    return p ? p.candles(symbol, period, opts) : Promise.resolve([]);
  }

  corporateActions(symbol: string): Promise<CorporateAction[]> {
    const p = this.providerOf(symbol);
    return p ? p.corporateActions(symbol) : Promise.resolve([]);
  }

  subscribe(listener: QuoteListener, symbols?: readonly string[]): () => void {
    const offs = this.distinct.map((p) => {
      const mine = symbols?.filter((s) => this.owns(p, p.instrument(s)));
      if (mine && mine.length === 0) return () => {};
      return p.subscribe((quotes) => {
        const own = quotes.filter((q) => this.byMarket[q.market] === p);
        if (own.length > 0) listener(own);
      }, mine);
    });
    return () => {
      for (const off of offs) off();
    };
  }

  addInstrument(instrument: Instrument): void {
    this.byMarket[instrument.market].addInstrument(instrument);
  }

  async ready(): Promise<void> {
    await Promise.all(this.distinct.map((p) => p.ready()));
  }

  health(): ProviderHealth[] {
    return this.distinct.flatMap((p) => p.health().map((h) => ({ ...h, markets: this.marketsOf(p) })));
  }

  close(): void {
    for (const p of this.distinct) p.close();
  }
}

export type ProviderKind = 'simulator' | 'jquants' | 'alpaca';
export const PROVIDER_KINDS: readonly ProviderKind[] = ['simulator', 'jquants', 'alpaca'];
/** Which markets each adapter can serve. */
const SERVES: Record<ProviderKind, readonly Market[]> = {
  simulator: MARKETS,
  jquants: ['jpy'],
  alpaca: ['usd'],
};

/**
 * Parse `MARKET_PROVIDER`: `simulator` (all four), or `market:provider` pairs separated by commas
 * (`jpy:jquants,usd:alpaca`); markets not named stay on the simulator. Throws on an unknown market,
 * provider, or a provider that cannot serve the market.
 */
export function parseMarketProviders(spec: string): Record<Market, ProviderKind> {
  const out: Record<Market, ProviderKind> = {
    jpy: 'simulator',
    usd: 'simulator',
    cny: 'simulator',
    krw: 'simulator',
  };
  const text = spec.trim();
  if (text === '' || text === 'simulator') return out;
  for (const part of text.split(',')) {
    const [m, k] = part.split(':').map((x) => x.trim());
    if (!m || !k || !(MARKETS as readonly string[]).includes(m))
      throw new Error(`MARKET_PROVIDER: bad market in "${part}"`);
    if (!(PROVIDER_KINDS as readonly string[]).includes(k))
      throw new Error(`MARKET_PROVIDER: unknown provider in "${part}"`);
    const market = m as Market;
    const kind = k as ProviderKind;
    if (!SERVES[kind].includes(market)) throw new Error(`MARKET_PROVIDER: ${kind} does not serve ${market}`);
    out[market] = kind;
  }
  return out;
}
