import type { Market } from '@kabuto/domain';
import type { Instrument } from '../types.ts';
import { CN_STOCKS } from './cn.ts';
import { INDICES } from './indices.ts';
import { JP_STOCKS } from './jp.ts';
import { KR_STOCKS } from './kr.ts';
import { US_STOCKS } from './us.ts';

export { CN_STOCKS, INDICES, JP_STOCKS, KR_STOCKS, US_STOCKS };

/** Every instrument of the built-in catalogue. Symbols are unique. */
export const CATALOGUE: readonly Instrument[] = [
  ...JP_STOCKS,
  ...US_STOCKS,
  ...CN_STOCKS,
  ...KR_STOCKS,
  ...INDICES,
];

/** The date around which the catalogue's reference prices and share counts hold. */
export const REFERENCE_DATE = '2026-01-05';

export const byMarket = (list: readonly Instrument[], market: Market): Instrument[] =>
  list.filter((i) => i.market === market);
