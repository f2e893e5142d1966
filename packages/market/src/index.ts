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
export * from './rankings.ts';
export * from './search.ts';
export {
  createSimulator,
  HISTORY_START,
  SimulatedMarketData,
  type SimulatorOptions,
} from './simulator/provider.ts';
export * from './types.ts';
