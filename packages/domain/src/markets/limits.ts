/**
 * Daily price limits ("beyond price limit"), as effective-dated tables. All maths in bigint units.
 */
import { UNIT, type Units } from '../money.ts';
import type { Board } from './boards.ts';
import { isOnTick, snapToTick, tickSize } from './ticks.ts';
import type { LocalDate } from './time.ts';
import { type Dated, effectiveRow, type InstrumentSpec } from './types.ts';

export interface PriceLimits {
  /** Highest allowed price (limit up, 涨停 / ストップ高). */
  up: Units;
  /** Lowest allowed price (limit down). */
  down: Units;
}

// ---- Japan ----

export interface TseLimitTable extends Dated {
  /** [previous close is less than (yen), width (yen)], ascending. */
  bands: readonly (readonly [bigint, bigint])[];
  /** Width when the base is at or above the last band. */
  aboveWidth: bigint;
  /** Limit hit without trades two days running widens that side by this factor the next day. */
  widenFactor: bigint;
  /** The lower limit never goes below this (yen). */
  floor: bigint;
}

export const TSE_LIMIT_TABLE: readonly TseLimitTable[] = [
  {
    from: '1990-01-01',
    bands: [
      [100n, 30n],
      [200n, 50n],
      [500n, 80n],
      [700n, 100n],
      [1_000n, 150n],
      [1_500n, 300n],
      [2_000n, 400n],
      [3_000n, 500n],
      [5_000n, 700n],
      [7_000n, 1_000n],
      [10_000n, 1_500n],
      [15_000n, 3_000n],
      [20_000n, 4_000n],
      [30_000n, 5_000n],
      [50_000n, 7_000n],
      [70_000n, 10_000n],
      [100_000n, 15_000n],
      [150_000n, 30_000n],
      [200_000n, 40_000n],
      [300_000n, 50_000n],
      [500_000n, 70_000n],
      [700_000n, 100_000n],
      [1_000_000n, 150_000n],
      [1_500_000n, 300_000n],
      [2_000_000n, 400_000n],
      [3_000_000n, 500_000n],
      [5_000_000n, 700_000n],
      [7_000_000n, 1_000_000n],
      [10_000_000n, 1_500_000n],
      [15_000_000n, 3_000_000n],
      [20_000_000n, 4_000_000n],
      [30_000_000n, 5_000_000n],
      [50_000_000n, 7_000_000n],
    ],
    aboveWidth: 10_000_000n,
    widenFactor: 4n,
    floor: 1n,
  },
];

const tseUnits = new WeakMap<TseLimitTable, { below: Units; width: Units }[]>();

/** TSE daily limit width (units) for a base price (units); the band boundary is "less than". */
export function tseLimitWidth(base: Units, date: LocalDate): Units {
  const table = effectiveRow(TSE_LIMIT_TABLE, date, 'TSE limit table');
  let bands = tseUnits.get(table);
  if (!bands) {
    bands = table.bands.map(([below, width]) => ({ below: below * UNIT, width: width * UNIT }));
    tseUnits.set(table, bands);
  }
  for (const b of bands) if (base < b.below) return b.width;
  return table.aboveWidth * UNIT;
}

// ---- China ----

export interface CnLimitRow extends Dated {
  /** Limit in basis points of the previous close (1000 = 10%). */
  bp: bigint;
  /** Limit for ST / *ST stocks. */
  stBp: bigint;
}

export const CN_LIMIT_TABLES: Record<
  'sse_main' | 'szse_main' | 'sse_star' | 'szse_chinext',
  readonly CnLimitRow[]
> = {
  sse_main: [
    { from: '1996-12-16', bp: 1000n, stBp: 500n },
    // ST / *ST on the main boards widened from ±5% to ±10% (SSE/SZSE notice on the price-limit ratio of
    // risk-warning stocks, consulted 2025-06-27, in force from 2025-07-07)
    { from: '2025-07-07', bp: 1000n, stBp: 1000n },
  ],
  szse_main: [
    { from: '1996-12-16', bp: 1000n, stBp: 500n },
    { from: '2025-07-07', bp: 1000n, stBp: 1000n },
  ],
  sse_star: [{ from: '2019-07-22', bp: 2000n, stBp: 2000n }],
  szse_chinext: [
    { from: '2009-10-30', bp: 1000n, stBp: 500n },
    // registration-system reform
    { from: '2020-08-24', bp: 2000n, stBp: 2000n },
  ],
};

export interface CnNewListingRow extends Dated {
  /** A stock listed on or after `from` has no daily limit on its first `days` trading days. */
  days: number;
}

/**
 * China's registration system: no price limit on a new listing's first 5 trading days (STAR since its
 * opening 2019-07-22, ChiNext since the 2020-08-24 reform, the main boards since the full registration
 * reform's first listings on 2023-04-10; SSE/SZSE trading rules). Looked up by the listing date. Before
 * that, main-board listings had a first-day cap (+44%) that is not modelled here.
 */
export const CN_NEW_LISTING_NO_LIMIT: Record<keyof typeof CN_LIMIT_TABLES, readonly CnNewListingRow[]> = {
  sse_main: [
    { from: '1990-01-01', days: 0 },
    { from: '2023-04-10', days: 5 },
  ],
  szse_main: [
    { from: '1990-01-01', days: 0 },
    { from: '2023-04-10', days: 5 },
  ],
  sse_star: [{ from: '2019-07-22', days: 5 }],
  szse_chinext: [
    { from: '1990-01-01', days: 0 },
    { from: '2020-08-24', days: 5 },
  ],
};

/**
 * Whether a China stock listed on `listed` trades without a daily limit on its `listingDay`-th trading
 * day (1 = the listing day). The caller counts the trading days (calendar.ts's `listingDayNumber`), so
 * this file needs no calendar.
 */
export function cnNewListingUnlimited(board: Board, listed: LocalDate, listingDay: number): boolean {
  const rows = CN_NEW_LISTING_NO_LIMIT[board as keyof typeof CN_NEW_LISTING_NO_LIMIT];
  if (!rows || listed < rows[0].from) return false;
  return listingDay >= 1 && listingDay <= effectiveRow(rows, listed, 'new listing rule').days;
}

/** Round a non-negative rational to a step, half up. */
function roundHalfUp(num: bigint, den: bigint, step: Units): Units {
  const d = den * step;
  return ((num * 2n + d) / (2n * d)) * step;
}

// ---- Korea ----

export interface KrxLimitRow extends Dated {
  bp: bigint;
}

export const KRX_LIMIT_TABLE: readonly KrxLimitRow[] = [
  { from: '1998-12-07', bp: 1500n },
  { from: '2015-06-15', bp: 3000n },
];

// ---- all markets ----

export interface LimitOptions {
  /** TSE: widen the upper side (limit hit with no trade two days running). */
  widenUp?: boolean;
  /** TSE: widen the lower side. */
  widenDown?: boolean;
  /**
   * Which trading day since its listing `date` is for the instrument (1 = the listing day), when it
   * has a listing date (`spec.listed`); China's new listings trade without a limit on their first days.
   */
  listingDay?: number;
}

/**
 * The day's price limits from the base price (the previous close, adjusted for corporate actions).
 * Null when the market has none (US), for indices, and for a China new listing in its first days.
 */
export function priceLimits(
  spec: InstrumentSpec,
  base: Units,
  date: LocalDate,
  opts: LimitOptions = {},
): PriceLimits | null {
  if (spec.board === 'index' || base <= 0n) return null;
  switch (spec.market) {
    case 'usd':
      return null;
    case 'jpy': {
      const table = effectiveRow(TSE_LIMIT_TABLE, date, 'TSE limit table');
      const width = tseLimitWidth(base, date);
      const up = base + width * (opts.widenUp ? table.widenFactor : 1n);
      const down = base - width * (opts.widenDown ? table.widenFactor : 1n);
      const floor = table.floor * UNIT;
      return { up, down: down < floor ? floor : down };
    }
    case 'cny': {
      const board = spec.board as keyof typeof CN_LIMIT_TABLES;
      const rows = CN_LIMIT_TABLES[board];
      if (!rows) throw new RangeError(`not a China board: ${spec.board}`);
      if (
        spec.listed &&
        opts.listingDay !== undefined &&
        cnNewListingUnlimited(board, spec.listed, opts.listingDay)
      )
        return null;
      const row = effectiveRow(rows, date, `${board} limit`);
      const bp = spec.st ? row.stBp : row.bp;
      const cent = 100n; // 0.01 in units
      const up = roundHalfUp(base * (10_000n + bp), 10_000n, cent);
      const down = roundHalfUp(base * (10_000n - bp), 10_000n, cent);
      return { up, down: down < cent ? cent : down };
    }
    case 'krw': {
      const row = effectiveRow(KRX_LIMIT_TABLE, date, 'KRX limit');
      const baseTick = tickSize(spec.tickTable, base, date);
      const raw = (base * row.bp) / 10_000n;
      const width = raw - (raw % baseTick);
      // both limits truncated toward the base onto the grid at the resulting price
      const up = snapToTick(spec.tickTable, base + width, 'down', date);
      const down = snapToTick(spec.tickTable, base - width, 'up', date);
      return { up, down };
    }
  }
}

/** The highest and lowest prices on the tick grid that are inside the limits. */
export function tradableRange(spec: InstrumentSpec, limits: PriceLimits, date?: LocalDate): PriceLimits {
  return {
    up: snapToTick(spec.tickTable, limits.up, 'down', date),
    down: snapToTick(spec.tickTable, limits.down, 'up', date),
  };
}

export const isWithinLimits = (price: Units, limits: PriceLimits | null): boolean =>
  limits === null || (price >= limits.down && price <= limits.up);

export type PriceCheck = 'ok' | 'nonPositive' | 'offTick' | 'beyondLimit';

/** Validate an order price: positive, on the tick grid, inside the day's limits. */
export function checkOrderPrice(
  spec: InstrumentSpec,
  price: Units,
  limits: PriceLimits | null,
  date?: LocalDate,
): PriceCheck {
  if (price <= 0n) return 'nonPositive';
  if (!isOnTick(spec.tickTable, price, date)) return 'offTick';
  if (!isWithinLimits(price, limits)) return 'beyondLimit';
  return 'ok';
}
