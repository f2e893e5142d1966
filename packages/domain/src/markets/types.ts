import type { Market } from '../currencies.ts';
import type { Board } from './boards.ts';
import type { LocalDate } from './time.ts';

/** A row of a rule table that applies from `from` (inclusive) until the next row's `from`. */
export interface Dated {
  from: LocalDate;
}

/** The row of an ascending, effective-dated table that applies on `date`. */
export function effectiveRow<T extends Dated>(rows: readonly T[], date: LocalDate, what = 'rule'): T {
  let found: T | undefined;
  for (const row of rows) {
    if (row.from <= date) found = row;
    else break;
  }
  if (!found) throw new RangeError(`no ${what} in effect on ${date}`);
  return found;
}

/** The newest row of an effective-dated table. */
export const latestRow = <T extends Dated>(rows: readonly T[]): T => rows[rows.length - 1];

export type SessionState = 'pre' | 'opening_call' | 'open' | 'lunch' | 'closing_auction' | 'closed';

export const TICK_TABLE_IDS = [
  'tse_general',
  'tse_topix500',
  'cn',
  'krx',
  'krx_kosdaq',
  'us',
  'index',
] as const;
export type TickTableId = (typeof TICK_TABLE_IDS)[number];

/** What the rules need to know about an instrument. */
export interface InstrumentSpec {
  market: Market;
  board: Board;
  tickTable: TickTableId;
  /** China "ST" / "*ST" risk-warning stock (narrower daily limit on the main boards). */
  st?: boolean;
  /** Listing date, when the instrument listed recently (China: no daily limit on the first days). */
  listed?: LocalDate;
}

export const MARKET_ZONE: Record<Market, string> = {
  jpy: 'Asia/Tokyo',
  usd: 'America/New_York',
  cny: 'Asia/Shanghai',
  krw: 'Asia/Seoul',
};

export const MARKET_EXCHANGES: Record<Market, string> = {
  jpy: 'TSE',
  usd: 'NYSE/Nasdaq',
  cny: 'SSE/SZSE',
  krw: 'KRX',
};
