import type { Market } from '../currencies.ts';
import type { TickTableId } from './types.ts';

/**
 * The boards a stock lists on, once for every layer (the catalogue, the new-share offerings, the back
 * office's form, the contract's schema): each board's market, and the tick table its stocks use unless
 * they carry their own (on the TSE, TOPIX500 constituents use `tse_topix500`; a new listing is not one).
 */
export const LISTING_BOARD = {
  tse_prime: { market: 'jpy', tickTable: 'tse_general' },
  tse_standard: { market: 'jpy', tickTable: 'tse_general' },
  tse_growth: { market: 'jpy', tickTable: 'tse_general' },
  nyse: { market: 'usd', tickTable: 'us' },
  nasdaq: { market: 'usd', tickTable: 'us' },
  sse_main: { market: 'cny', tickTable: 'cn' },
  sse_star: { market: 'cny', tickTable: 'cn' },
  szse_main: { market: 'cny', tickTable: 'cn' },
  szse_chinext: { market: 'cny', tickTable: 'cn' },
  kospi: { market: 'krw', tickTable: 'krx' },
  kosdaq: { market: 'krw', tickTable: 'krx_kosdaq' },
} as const satisfies Record<string, { market: Market; tickTable: TickTableId }>;

export type ListingBoard = keyof typeof LISTING_BOARD;
/** A listing board, or `index` (the indices' own). */
export type Board = ListingBoard | 'index';

/** Every listing board, in the table's order. */
export const LISTING_BOARDS = Object.keys(LISTING_BOARD) as [ListingBoard, ...ListingBoard[]];

export const isListingBoard = (v: string): v is ListingBoard => Object.hasOwn(LISTING_BOARD, v);

/** The market a board trades in (null for indices). */
export const boardMarket = (board: Board): Market | null =>
  board === 'index' ? null : LISTING_BOARD[board].market;

/** The tick table of a stock on `board` that carries none of its own. */
export const boardTickTable = (board: ListingBoard): TickTableId => LISTING_BOARD[board].tickTable;

/** The listing boards of a market, in the table's order. */
export const boardsOf = (market: Market): ListingBoard[] =>
  LISTING_BOARDS.filter((b) => LISTING_BOARD[b].market === market);

/** China A-share board from the security code (688/689 STAR, 300/301 ChiNext, 60x SSE, 00x SZSE). */
export function cnBoardOf(code: string): Board | null {
  if (!/^\d{6}$/.test(code)) return null;
  if (code.startsWith('688') || code.startsWith('689')) return 'sse_star';
  if (code.startsWith('300') || code.startsWith('301')) return 'szse_chinext';
  if (code.startsWith('60')) return 'sse_main';
  if (/^00[0-3]/.test(code)) return 'szse_main';
  return null;
}
