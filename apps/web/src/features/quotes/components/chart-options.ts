/** Main-chart indicators (stacked on the candles) and the sub-chart indicator choices. */
export const MAIN_INDICATORS = ['MA', 'EMA', 'BOLL'] as const;
export type MainIndicator = (typeof MAIN_INDICATORS)[number];
export const SUB_INDICATORS = ['VOL', 'MACD', 'KDJ', 'RSI'] as const;
export type SubIndicator = (typeof SUB_INDICATORS)[number];

/** The charts' colours: rises red, falls green, as on Japanese and Chinese brokers' charts. */
export const CHART_COLORS = {
  up: '#cc2d33',
  down: '#0c7a46',
  flat: '#8b9099',
  grid: '#f0f1f3',
  axisText: '#6b7079',
} as const;
