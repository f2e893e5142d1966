import type { BodyOf, quotesApi } from '@kabuto/contract';

/** The quotes area's contract names to the service's English ones. */

/** `/trade/kline`: `kline_type` is the period, `fq` the price adjustment. */
export const klineQuery = (b: BodyOf<typeof quotesApi.kline>) => ({
  symbol: b.symbol,
  period: b.kline_type,
  adjust: b.fq,
  limit: b.limit,
  market: b.type,
});
