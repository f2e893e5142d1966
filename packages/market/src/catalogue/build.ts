import {
  boardTickTable,
  LISTING_BOARD,
  type ListingBoard,
  parseUnits,
  type TickTableId,
  type Units,
} from '@kabuto/domain';
import type { Instrument, Names, SimulationHints, Split } from '../types.ts';

export const price = (text: string): Units => {
  const v = parseUnits(text);
  if (v === null || v <= 0n) throw new Error(`bad reference price ${text}`);
  return v;
};

export interface StockRow {
  symbol: string;
  board: ListingBoard;
  tick?: TickTableId;
  jp: string;
  cn: string;
  us: string;
  /** Reference price (decimal text). */
  ref: string;
  /** Shares outstanding in millions. */
  sharesM: number;
  splits?: readonly [string, number][];
  /** Listing date (when recent). */
  listed?: string;
  aliases?: readonly string[];
  sim?: SimulationHints;
}

export function stock(row: StockRow): Instrument {
  const board = row.board;
  // a TSE stock names its table (TOPIX500 constituents tick finer than the board's default)
  if (!row.tick && LISTING_BOARD[board].market === 'jpy')
    throw new Error(`tick table needed for ${row.symbol}`);
  const tickTable = row.tick ?? boardTickTable(board);
  const names: Names = { jp: row.jp, cn: row.cn, us: row.us };
  return {
    symbol: row.symbol,
    kind: 'stock',
    market: LISTING_BOARD[board].market,
    board,
    tickTable,
    names,
    aliases: row.aliases,
    sharesOutstanding: BigInt(Math.round(row.sharesM * 1_000_000)),
    refPrice: price(row.ref),
    listed: row.listed,
    splits: row.splits?.map(([exDate, ratio]): Split => ({ exDate, ratio })),
    sim: row.sim,
  };
}

export interface IndexRow {
  symbol: string;
  market: Instrument['market'];
  jp: string;
  cn: string;
  us: string;
  ref: string;
  /** Average daily volume of the market, millions of shares. */
  volumeM: number;
  /** Average price of a traded share (decimal text), for turnover. */
  avgShare: string;
  vol: number;
  aliases?: readonly string[];
}

export function index(row: IndexRow): Instrument {
  return {
    symbol: row.symbol,
    kind: 'index',
    market: row.market,
    board: 'index',
    tickTable: 'index',
    names: { jp: row.jp, cn: row.cn, us: row.us },
    aliases: row.aliases,
    sharesOutstanding: 0n,
    refPrice: price(row.ref),
    sim: {
      vol: row.vol,
      dailyVolume: BigInt(Math.round(row.volumeM * 1_000_000)),
      avgSharePrice: price(row.avgShare),
    },
  };
}
