import { type Clock, MARKETS, type Market } from '@kabuto/domain';
import { CompositeMarketData, type ProviderKind, parseMarketProviders } from '../composite.ts';
import { createSimulator } from '../simulator/provider.ts';
import type { MarketDataProvider } from '../types.ts';
import { AlpacaMarketData } from './alpaca.ts';
import { JQuantsMarketData } from './jquants.ts';

/** Keys and endpoints of the real providers (environment variables of the same names). */
export interface ProviderEnv {
  JQUANTS_API_KEY?: string;
  JQUANTS_BASE_URL?: string;
  JQUANTS_DELAY_MINUTES?: number;
  JQUANTS_RATE_PER_MIN?: number;
  /** How often the latest bars are polled, in milliseconds (default 5 minutes). */
  JQUANTS_POLL_MS?: number;
  ALPACA_KEY_ID?: string;
  ALPACA_SECRET_KEY?: string;
  ALPACA_DATA_URL?: string;
  ALPACA_STREAM_URL?: string;
}

export interface MarketDataConfig {
  /** `MARKET_PROVIDER`, e.g. `jpy:jquants,usd:alpaca` (default: the simulator for all four markets). */
  spec?: string;
  clock: Clock;
  seed: string;
  env?: ProviderEnv;
  fetch?: typeof fetch;
}

/**
 * The market data of a process: the simulator alone (the default), or a composite that routes each
 * market to its provider. A real provider without its key is a configuration error, not a silent fallback.
 */
export function createMarketData(cfg: MarketDataConfig): MarketDataProvider {
  const kinds = parseMarketProviders(cfg.spec ?? 'simulator');
  if (MARKETS.every((m) => kinds[m] === 'simulator'))
    return createSimulator({ clock: cfg.clock, seed: cfg.seed });
  const env = cfg.env ?? {};
  const made = new Map<ProviderKind, MarketDataProvider>();
  const make = (kind: ProviderKind): MarketDataProvider => {
    const have = made.get(kind);
    if (have) return have;
    let p: MarketDataProvider;
    switch (kind) {
      case 'simulator':
        p = createSimulator({ clock: cfg.clock, seed: cfg.seed });
        break;
      case 'jquants':
        if (!env.JQUANTS_API_KEY)
          throw new Error('MARKET_PROVIDER names jquants but JQUANTS_API_KEY is not set');
        p = new JQuantsMarketData({
          apiKey: env.JQUANTS_API_KEY,
          baseUrl: env.JQUANTS_BASE_URL,
          clock: cfg.clock,
          delayMinutes: env.JQUANTS_DELAY_MINUTES,
          rate: env.JQUANTS_RATE_PER_MIN ? { requests: env.JQUANTS_RATE_PER_MIN, perMs: 60_000 } : undefined,
          pollMs: env.JQUANTS_POLL_MS,
          fetch: cfg.fetch,
        });
        break;
      case 'alpaca':
        if (!env.ALPACA_KEY_ID || !env.ALPACA_SECRET_KEY) {
          throw new Error('MARKET_PROVIDER names alpaca but ALPACA_KEY_ID / ALPACA_SECRET_KEY are not set');
        }
        p = new AlpacaMarketData({
          keyId: env.ALPACA_KEY_ID,
          secret: env.ALPACA_SECRET_KEY,
          dataUrl: env.ALPACA_DATA_URL,
          streamUrl: env.ALPACA_STREAM_URL,
          clock: cfg.clock,
          fetch: cfg.fetch,
        });
        break;
    }
    made.set(kind, p);
    return p;
  };
  const byMarket = Object.fromEntries(MARKETS.map((m) => [m, make(kinds[m])])) as Record<
    Market,
    MarketDataProvider
  >;
  return new CompositeMarketData(byMarket);
}
