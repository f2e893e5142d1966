import { type Board, parseUnits, type TickTableId, type Units } from '@kabuto/domain';
import type { Instrument, Names, SimulationHints, Split } from '../types.ts';

export const price = (text: string): Units => {
  const v = parseUnits(text);
  if (v === null || v <= 0n) throw new Error(`bad reference price ${text}`);
  return v;
};

export interface StockRow {
  symbol: string;
  board: Board;
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

const defaultTick: Partial<Record<Board, TickTableId>> = {
  nyse: 'us',
  nasdaq: 'us',
  sse_main: 'cn',
  sse_star: 'cn',
  szse_main: 'cn',
  szse_chinext: 'cn',
  kospi: 'krx',
  kosdaq: 'krx_kosdaq',
};

const boardMarket = {
  tse_prime: 'jpy',
  tse_standard: 'jpy',
  tse_growth: 'jpy',
  nyse: 'usd',
  nasdaq: 'usd',
  sse_main: 'cny',
  sse_star: 'cny',
  szse_main: 'cny',
  szse_chinext: 'cny',
  kospi: 'krw',
  kosdaq: 'krw',
} as const;

export function stock(row: StockRow): Instrument {
  const board = row.board as keyof typeof boardMarket;
  const tickTable = row.tick ?? defaultTick[row.board];
  if (!tickTable) throw new Error(`tick table needed for ${row.symbol}`);
  const names: Names = { jp: row.jp, cn: row.cn, us: row.us };
  return {
    symbol: row.symbol,
    kind: 'stock',
    market: boardMarket[board],
    board: row.board,
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
