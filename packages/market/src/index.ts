export * from './candles.ts';
export {
  byMarket,
  CATALOGUE,
  CN_STOCKS,
  INDICES,
  JP_STOCKS,
  KR_STOCKS,
  REFERENCE_DATE,
  US_STOCKS,
} from './catalogue/index.ts';
export {
  CompositeMarketData,
  PROVIDER_KINDS,
  type ProviderKind,
  parseMarketProviders,
} from './composite.ts';
export { AlpacaMarketData, type AlpacaOptions } from './providers/alpaca.ts';
export { PeriodUnavailableError } from './providers/errors.ts';
export { createMarketData, type MarketDataConfig, type ProviderEnv } from './providers/factory.ts';
export { JQuantsMarketData, type JQuantsOptions, TOPIX_SYMBOL } from './providers/jquants.ts';
export { ProviderHttpError, type RateLimit, RestClient, retryDelay, TokenBucket } from './providers/rest.ts';
export * from './rankings.ts';
export * from './search.ts';
export {
  createSimulator,
  HISTORY_START,
  SimulatedMarketData,
  type SimulatorOptions,
} from './simulator/provider.ts';
export { type TradeRefusal, tradeRefusal } from './tradability.ts';
export * from './types.ts';
