import type { BodyOf, DataOf, quotesApi } from '@kabuto/contract';

/** The quotes area's contract names to the service's English ones. */

/** `/trade/kline`: `kline_type` is the period, `fq` the price adjustment. */
export const klineQuery = (b: BodyOf<typeof quotesApi.kline>) => ({
  symbol: b.symbol,
  period: b.kline_type,
  adjust: b.fq,
  limit: b.limit,
  market: b.type,
});

type Bar = Omit<DataOf<typeof quotesApi.kline>[number], 'volumn'>;
/** A k-line bar with `volumn` beside `volume`: the family's clients read that spelling. */
export const klineBar = (b: Bar) => ({ ...b, volumn: b.volume });

/** A search row with `local_name` beside `name`: the family's clients read that name. */
export const searchRow = <R extends { name: string }>(r: R) => ({ ...r, local_name: r.name });
